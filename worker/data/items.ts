import { CATEGORY_IDS, findCategory, type CategoryId } from "#contract/categories";
import type { ListingView } from "#contract/listing";
import type { Item, Listing } from "#contract/types";
import type { ListingQuery } from "../lib/listing-query";
import { quoteIdent } from "../tables/naming";
import { withColumns, withEachColumns } from "../tables/columns";
import { toItem } from "./items-map";
import { listingOrder, listingWhere } from "./listing-sql";
import { fieldsOf } from "./values";

/** The Notion database title of a category. */
export function databaseOf(category: CategoryId): string {
  return findCategory(category)?.database ?? category;
}

/** One page of a category's view, filtered and sorted in SQL, with pagination (totalPages = ceil(total / limit)). */
export function listItems(
  db: D1Database,
  category: CategoryId,
  view: ListingView,
  q: ListingQuery,
): Promise<Omit<Listing, "filter_options">> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const table = quoteIdent(columns.table);
    const where = listingWhere(columns, view, q);
    const [count, page] = await db.batch<Record<string, unknown>>([
      db.prepare(`SELECT COUNT(*) AS total FROM ${table} WHERE ${where.sql}`).bind(...where.binds),
      db
        .prepare(`SELECT * FROM ${table} WHERE ${where.sql} ORDER BY ${listingOrder(columns, q.sort)} LIMIT ? OFFSET ?`)
        .bind(...where.binds, q.limit, (q.page - 1) * q.limit),
    ]);
    const total = Number(count.results[0]?.total ?? 0);
    return {
      items: page.results.map((row) => toItem(category, fieldsOf(row, columns))),
      pagination: { page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalItems: total },
      total,
    };
  });
}

/** The item of `category` with this Notion page id (dashed), or null. */
export function readItem(db: D1Database, category: CategoryId, id: string): Promise<Item | null> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const row = await db
      .prepare(`SELECT * FROM ${quoteIdent(columns.table)} WHERE id = ?1`)
      .bind(id)
      .first<Record<string, unknown>>();
    return row ? toItem(category, fieldsOf(row, columns), true) : null;
  });
}

/**
 * The item with this id in `category`, else the item of another category holding that id (with its own `category`, so
 * the site can say which), else null. Only a miss looks further: one primary-key lookup per other synced table, in one batch.
 */
export async function findItem(db: D1Database, category: CategoryId, id: string): Promise<Item | null> {
  const own = await readItem(db, category, id);
  if (own) return own;
  const others = CATEGORY_IDS.filter((other) => other !== category);
  return withEachColumns(db, others.map(databaseOf), async (columns) => {
    const synced = others.flatMap((other, i) => (columns[i] ? [{ category: other, columns: columns[i] }] : []));
    if (synced.length === 0) return null;
    const results = await db.batch<Record<string, unknown>>(
      synced.map(({ columns }) => db.prepare(`SELECT * FROM ${quoteIdent(columns.table)} WHERE id = ?1`).bind(id)),
    );
    const at = results.findIndex((r) => r.results.length > 0);
    return at < 0 ? null : toItem(synced[at].category, fieldsOf(results[at].results[0], synced[at].columns), true);
  });
}
