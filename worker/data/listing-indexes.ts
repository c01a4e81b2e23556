import { CATEGORIES } from "#contract/categories";
import { isPriceSort, SORTS } from "#contract/listing";
import { columnsNamed, type TableColumns } from "../tables/columns";
import { quoteIdent, tableNameFor } from "../tables/naming";
import type { RegistryEntry } from "../tables/registry";
import { tableColumns } from "../tables/schema";
import { listingOrder, viewWhere } from "./listing-sql";

const CATALOGUE_TABLES = new Set(CATEGORIES.map((c) => tableNameFor(c.database)));

/**
 * The indexes a catalogue table's listings are read through: one per sort of the plain and gallery views, and one per
 * sort of the for-sale view holding only the rows whose For Sale box is ticked. Each indexes exactly the ORDER BY of
 * listingOrder (and the for-sale one the WHERE of viewWhere), so a page reads its own rows and the index entries before
 * them, never the whole table. None for other tables, nor for a sort on a property the table lacks.
 */
export function listingIndexSql(columns: TableColumns): string[] {
  if (!CATALOGUE_TABLES.has(columns.table)) return [];
  const table = quoteIdent(columns.table);
  const forSale = viewWhere(columns, "for-sale").sql;
  const statements: string[] = [];
  for (const sort of SORTS) {
    const order = listingOrder(columns, sort);
    // "id" alone: the table lacks the sort's property, and the primary key already gives that order.
    if (order === "id") continue;
    const name = (scope: string) => quoteIdent(`${columns.table}__${scope}_${sort}`);
    if (!isPriceSort(sort)) statements.push(`CREATE INDEX IF NOT EXISTS ${name("sort")} ON ${table} (${order})`);
    if (forSale !== "0") statements.push(`CREATE INDEX IF NOT EXISTS ${name("for_sale")} ON ${table} (${order}) WHERE ${forSale}`);
  }
  return statements;
}

/**
 * The listing indexes of a registered table as statements, for the sync to run where it creates or swaps in the table
 * (and, harmless once they exist, after an update in place, so a table made before them gets them).
 */
export function listingIndexStatements(
  db: D1Database,
  entry: Pick<RegistryEntry, "tableName" | "columns" | "hasBody">,
): D1PreparedStatement[] {
  return listingIndexSql(columnsNamed(entry.tableName, tableColumns(entry.columns, entry.hasBody))).map((sql) => db.prepare(sql));
}
