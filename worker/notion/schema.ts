import { quoteIdent, snakeCase, SYSTEM_COLUMNS } from "./naming";

/** One property's column, as stored in `sync_tables.columns_json`. */
export type ColumnSpec = { property: string; column: string; type: string };

/** A data source's property schema entry (only what the mapping needs). */
export type PropertySchema = { name?: string; type: string };

/** D1 allows at most 100 columns in a table (and 100 bound values in a statement, so one row always fits). */
export const MAX_TABLE_COLUMNS = 100;

/** SQLite column type for a Notion property type, per the D1 contract. */
export function sqlType(notionType: string): "TEXT" | "REAL" | "INTEGER" {
  if (notionType === "number") return "REAL";
  if (notionType === "checkbox") return "INTEGER";
  return "TEXT";
}

/**
 * Columns for a data source's properties: snake_case names, suffixed `_2`, `_3`... on collision with a system
 * column or an earlier property. Title first, then by name, so the naming does not depend on response order.
 */
export function columnsFor(properties: Record<string, PropertySchema>): ColumnSpec[] {
  const used = new Set<string>(SYSTEM_COLUMNS);
  const entries = Object.entries(properties).map(([key, p]) => ({ name: p.name ?? key, type: p.type }));
  entries.sort((a, b) => Number(b.type === "title") - Number(a.type === "title") || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.map(({ name, type }) => {
    const base = snakeCase(name) || "property";
    let column = base;
    for (let n = 2; used.has(column); n++) column = `${base}_${n}`;
    used.add(column);
    return { property: name, column, type };
  });
}

/** Every column of a `notion_*` table in declaration order. */
export function tableColumns(columns: ColumnSpec[], hasBody: boolean): string[] {
  return ["id", "created_time", "last_edited_time", ...columns.map((c) => c.column), ...(hasBody ? ["body_md"] : [])];
}

/** CREATE TABLE for a `notion_*` table (or its side table during a sync); every identifier quoted. */
export function createTableSql(table: string, columns: ColumnSpec[], hasBody: boolean): string {
  const defs = [
    `${quoteIdent("id")} TEXT PRIMARY KEY`,
    `${quoteIdent("created_time")} TEXT`,
    `${quoteIdent("last_edited_time")} TEXT`,
    ...columns.map((c) => `${quoteIdent(c.column)} ${sqlType(c.type)}`),
    ...(hasBody ? [`${quoteIdent("body_md")} TEXT`] : []),
  ];
  return `CREATE TABLE ${quoteIdent(table)} (${defs.join(", ")})`;
}

/**
 * Why a database's columns cannot become a D1 table, or null when they fit: our own columns (id, the two times,
 * the body) and one per property must stay within MAX_TABLE_COLUMNS.
 */
export function tooManyColumns(title: string, columns: ColumnSpec[], hasBody: boolean): string | null {
  const ours = tableColumns([], hasBody);
  const room = MAX_TABLE_COLUMNS - ours.length;
  if (columns.length <= room) return null;
  const excess = columns.length - room;
  const oursText = `${ours.slice(0, -1).join(", ")} and ${ours[ours.length - 1]}`;
  return (
    `"${title}" has ${columns.length} properties, but a D1 table holds at most ${MAX_TABLE_COLUMNS} columns: ${room} for properties besides ${oursText}. ` +
    `Remove at least ${excess} ${excess === 1 ? "property" : "properties"} from the database in Notion, then run the schema sync again.`
  );
}
