import { CATEGORY_IDS, findCategory, type CategoryId } from "#contract/categories";
import type { ListingView } from "#contract/listing";
import type { ItemDetail, Listing } from "#contract/public-api";
import type { ListingQuery } from "../lib/listing-query";
import { quoteIdent } from "../tables/naming";
import { withColumns, withEachColumns } from "../tables/columns";
import { toItem, toItemDetail } from "./items-map";
import { isUnfiltered, listingOrder, listingWhere, viewWhere } from "./listing-sql";
import { fieldsOf } from "./values";

/** The Notion database title of a category. */
export function databaseOf(category: CategoryId): string {
  return findCategory(category)?.database ?? category;
}

/**
 * One page of a category's view, sorted in SQL, given the view's row count (`viewTotal`, see viewSummary). Without a
 * filter the count is the view's: a page is read in the order of the listing indexes (only the rows up to the page's
 * last), and a page past the last reads nothing. With filters, one pass reads the matching ids in order (their number
 * is the total), then the page's rows by id: D1 reads each of the table's rows once, whatever the page.
 */
export function listItems(
  db: D1Database,
  category: CategoryId,
  view: ListingView,
  q: ListingQuery,
  viewTotal: number,
): Promise<Omit<Listing, "filter_options">> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const table = quoteIdent(columns.table);
    const order = listingOrder(columns, q.sort);
    const offset = (q.page - 1) * q.limit;
    let rows: Record<string, unknown>[] = [];
    let total = viewTotal;
    if (isUnfiltered(q)) {
      if (offset < viewTotal) {
        const where = viewWhere(columns, view);
        const sql = `SELECT * FROM ${table} WHERE ${where.sql} ORDER BY ${order} LIMIT ?1 OFFSET ?2`;
        rows = (await db.prepare(sql).bind(q.limit, offset).all<Record<string, unknown>>()).results;
      }
    } else {
      const where = listingWhere(columns, view, q);
      const ids = await db
        .prepare(`SELECT id FROM ${table} WHERE ${where.sql} ORDER BY ${order}`)
        .bind(...where.binds)
        .raw<[string]>();
      total = ids.length;
      rows = await rowsById(
        db,
        table,
        ids.slice(offset, offset + q.limit).map(([id]) => id),
      );
    }
    return {
      items: rows.map((row) => toItem(category, fieldsOf(row, columns))),
      pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalItems: total },
      total,
    };
  });
}

/** The rows of `ids` in that order (one statement; the list is bound as one JSON value); a row gone meanwhile is left out. */
async function rowsById(db: D1Database, table: string, ids: string[]): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<Record<string, unknown>>();
  const byId = new Map(results.map((row) => [String(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The item of `category` with this Notion page id (dashed), or null. */
export function readItem(db: D1Database, category: CategoryId, id: string): Promise<ItemDetail | null> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const row = await db
      .prepare(`SELECT * FROM ${quoteIdent(columns.table)} WHERE id = ?1`)
      .bind(id)
      .first<Record<string, unknown>>();
    return row ? toItemDetail(category, fieldsOf(row, columns)) : null;
  });
}

/**
 * The item with this id in `category`, else the item of another category holding that id (with its own `category`, so
 * the site can say which), else null. Only a miss looks further: one primary-key lookup per other synced table, in one batch.
 */
export async function findItem(db: D1Database, category: CategoryId, id: string): Promise<ItemDetail | null> {
  const own = await readItem(db, category, id);
  if (own) return own;
  const others = CATEGORY_IDS.filter((other) => other !== category);
  return withEachColumns(db, others.map(databaseOf), async (columns) => {
    const synced = others.flatMap((other, i) => (columns[i] ? [{ category: other, columns: columns[i] }] : []));
    if (synced.length === 0) return null;
    const results = await db.batch<Record<string, unknown>>(
      synced.map(({ columns }) => db.prepare(`SELECT * FROM ${quoteIdent(columns.table)} WHERE id = ?1`).bind(id)),
    );
    for (const [i, { category, columns }] of synced.entries()) {
      const row = results[i]?.results[0];
      if (row) return toItemDetail(category, fieldsOf(row, columns));
    }
    return null;
  });
}
