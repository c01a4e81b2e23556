import { CATEGORIES } from "#contract/categories";
import { itemProperty } from "#contract/notion-layout";
import { encodeSymbolsSql } from "../../lib/search-text";
import { propKey, quoteIdent, tableNameFor } from "../../tables/naming";
import type { RegistryEntry } from "../../tables/registry";

/** What the index needs of a synced table: its name, database and columns. */
export type IndexedTable = Pick<RegistryEntry, "tableName" | "databaseTitle" | "columns" | "hasBody">;

/**
 * Statements replacing a catalogue category's entries in `search_index` with the rows of its live table, for the batch
 * that swaps those rows in (so search never shows an item the listings do not); with `ids`, only those items' entries
 * (a page-level change). A table that is not a catalogue category gives none.
 */
export function searchIndexStatements(db: D1Database, table: IndexedTable, ids?: string[]): D1PreparedStatement[] {
  const category = CATEGORIES.find((c) => c.database === table.databaseTitle);
  if (!category) return [];
  const byKey = new Map<string, string>();
  for (const c of table.columns) if (!byKey.has(propKey(c.property))) byKey.set(propKey(c.property), c.column);
  const col = (property: string) => {
    const column = byKey.get(propKey(property));
    return column === undefined ? "NULL" : quoteIdent(column);
  };
  // multi_select columns hold JSON lists: indexed (and shown in snippets) as "a, b".
  const field = (property: string) => {
    const c = col(property);
    return c === "NULL"
      ? c
      : `CASE WHEN json_valid(${c}) AND json_type(${c}) = 'array' THEN (SELECT group_concat(value, ', ') FROM json_each(${c})) ELSE ${c} END`;
  };
  const year = col("Year");
  const yearText = year === "NULL" ? "NULL" : `CAST(CAST(${year} AS INTEGER) AS TEXT)`;
  const details = `concat_ws(' ', ${[yearText, col("Condition"), ...category.fields.map((f) => field(itemProperty(f)))].join(", ")})`;
  const indexed = [col("Title"), col("Manufacturer"), col("Description"), details];
  const body = table.hasBody ? quoteIdent("body_md") : "NULL";
  const codes = encodeSymbolsSql(`concat_ws(' ', ${indexed.join(", ")})`);
  const only = ids ? " AND item_id IN (SELECT value FROM json_each(?2))" : "";
  const bind = (st: D1PreparedStatement) => (ids ? st.bind(category.id, JSON.stringify(ids)) : st.bind(category.id));
  return [
    bind(db.prepare(`DELETE FROM search_index WHERE category = ?1${only}`)),
    bind(
      db.prepare(
        "INSERT INTO search_index (title, manufacturer, description, details, body, codes, category, item_id, for_sale, year_value, price, main_image) " +
          `SELECT ${indexed.join(", ")}, ${body}, ${codes}, ?1, id, coalesce(${col(itemProperty("forSale"))}, 0), ${year}, ${col("Price")}, ${col(itemProperty("mainImageUrl"))} ` +
          `FROM ${quoteIdent(table.tableName)}${ids ? " WHERE id IN (SELECT value FROM json_each(?2))" : ""}`,
      ),
    ),
  ];
}

/**
 * A statement emptying the index of every category whose table the schema sync recreates empty, for its batch; the
 * tables it keeps (`keptTables`: search missed their database, or its title is shared) keep their entries with their rows.
 */
export function clearSearchIndex(db: D1Database, keptTables: string[]): D1PreparedStatement {
  const cleared = CATEGORIES.filter((c) => !keptTables.includes(tableNameFor(c.database))).map((c) => c.id);
  return db.prepare("DELETE FROM search_index WHERE category IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(cleared));
}

/** A statement removing the given items from the index, whatever their category (pages deleted or moved away). */
export function unindexItems(db: D1Database, ids: string[]): D1PreparedStatement {
  return db.prepare("DELETE FROM search_index WHERE item_id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids));
}
