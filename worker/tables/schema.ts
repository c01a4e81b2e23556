import type { PropertySchema } from "../notion/types";
import { quoteIdent, snakeCase, SYSTEM_COLUMNS } from "./naming";

/** One property's column, as stored in `sync_tables.columns_json`. */
export type ColumnSpec = { property: string; column: string; type: string };

/** A D1 column value. */
export type ColumnValue = string | number | null;

/** D1 allows at most 100 columns in a table (and 100 bound values in a statement, so one row always fits). */
export const MAX_TABLE_COLUMNS = 100;

/** SQLite column type for a Notion property type, per the D1 contract. */
export function sqlType(notionType: string): "TEXT" | "REAL" | "INTEGER" {
  if (notionType === "number") return "REAL";
  if (notionType === "checkbox") return "INTEGER";
  return "TEXT";
}

/** Suffix of the column beside a `rich_text` or `title` property's column that keeps its rich text pieces as JSON. */
export const RICH_SUFFIX = "_rich";

/** The column keeping a property's rich text pieces (`<column>_rich`), or null for types without rich text. */
export function richColumn(spec: ColumnSpec): string | null {
  return spec.type === "title" || spec.type === "rich_text" ? `${spec.column}${RICH_SUFFIX}` : null;
}

/** A property's columns: its own and, for rich text, the one beside it with the pieces. */
function specColumns(spec: ColumnSpec): string[] {
  const rich = richColumn(spec);
  return rich ? [spec.column, rich] : [spec.column];
}

/**
 * Columns for a data source's properties: snake_case names, suffixed `_2`, `_3`... on collision with a system
 * column or an earlier property's columns (a rich text property's `_rich` column included). Title first, then by
 * name, so the naming does not depend on response order.
 */
export function columnsFor(properties: Record<string, PropertySchema>): ColumnSpec[] {
  const used = new Set<string>(SYSTEM_COLUMNS);
  const entries = Object.entries(properties).map(([key, p]) => ({ name: p.name ?? key, type: p.type }));
  entries.sort((a, b) => Number(b.type === "title") - Number(a.type === "title") || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.map(({ name, type }) => {
    const base = snakeCase(name) || "property";
    const taken = (column: string) => specColumns({ property: name, column, type }).some((c) => used.has(c));
    let column = base;
    for (let n = 2; taken(column); n++) column = `${base}_${n}`;
    const spec = { property: name, column, type };
    for (const c of specColumns(spec)) used.add(c);
    return spec;
  });
}

/** Every column of a `notion_*` table in declaration order (a property's `_rich` column right after its own). */
export function tableColumns(columns: ColumnSpec[], hasBody: boolean): string[] {
  return ["id", "created_time", "last_edited_time", ...columns.flatMap(specColumns), ...(hasBody ? ["body_md"] : [])];
}

/** CREATE TABLE for a `notion_*` table (or its side table during a sync); every identifier quoted. */
export function createTableSql(table: string, columns: ColumnSpec[], hasBody: boolean): string {
  const defs = [
    `${quoteIdent("id")} TEXT PRIMARY KEY`,
    `${quoteIdent("created_time")} TEXT`,
    `${quoteIdent("last_edited_time")} TEXT`,
    ...columns.flatMap((c) => specColumns(c).map((name) => `${quoteIdent(name)} ${name === c.column ? sqlType(c.type) : "TEXT"}`)),
    ...(hasBody ? [`${quoteIdent("body_md")} TEXT`] : []),
  ];
  return `CREATE TABLE ${quoteIdent(table)} (${defs.join(", ")})`;
}

/**
 * Why a database's columns cannot become a D1 table, or null when they fit: our own columns (id, the two times,
 * the body) and the properties' columns (two for a title or rich text property) must stay within MAX_TABLE_COLUMNS.
 */
export function tooManyColumns(title: string, columns: ColumnSpec[], hasBody: boolean): string | null {
  const ours = tableColumns([], hasBody);
  const room = MAX_TABLE_COLUMNS - ours.length;
  const needed = columns.reduce((n, c) => n + specColumns(c).length, 0);
  if (needed <= room) return null;
  const remove = propertiesToRemove(columns, needed - room);
  const oursText = `${ours.slice(0, -1).join(", ")} and ${ours[ours.length - 1]}`;
  return (
    `"${title}" has ${columns.length} properties${needed > columns.length ? ` needing ${needed} columns (a title or text property takes two: its text and its formatting)` : ""}, ` +
    `but a D1 table holds at most ${MAX_TABLE_COLUMNS} columns: ${room} for properties besides ${oursText}. ` +
    `Remove at least ${remove} ${remove === 1 ? "property" : "properties"} from the database in Notion, then run the schema sync again.`
  );
}

/** The fewest properties whose removal frees `excess` columns (two-column properties first). */
function propertiesToRemove(columns: ColumnSpec[], excess: number): number {
  const widths = columns.map((c) => specColumns(c).length).sort((a, b) => b - a);
  let freed = 0;
  let count = 0;
  for (const width of widths) {
    if (freed >= excess) break;
    freed += width;
    count++;
  }
  return count;
}
