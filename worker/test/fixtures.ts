/** Test data: `notion_*` tables made with plain SQL exactly as the D1 contract describes, and their rows. */
import { env } from "cloudflare:test";
import { CATEGORIES, type CategoryId } from "#contract/categories";
import { existingNotionTables } from "../tables/existing-tables";
import { quoteIdent, snakeCase, tableNameFor } from "../tables/naming";

/** A row by column name; `id` defaults to a fresh dashed uuid. */
export type Row = Record<string, string | number | null>;
type Columns = Record<string, "TEXT" | "REAL" | "INTEGER">;
/** The rows as stored (with ids), one per row given and in its order: a tuple when the rows are written as a list. */
type Stored<R extends readonly Row[]> = { -readonly [K in keyof R]: Row };

/** Columns of every catalogue table (contract types: files/multi_select as JSON text, checkbox 0/1, number REAL, rich text pieces as JSON in `_rich`). */
const ITEM_COLUMNS: Columns = {
  title: "TEXT",
  title_rich: "TEXT",
  description: "TEXT",
  description_rich: "TEXT",
  manufacturer: "TEXT",
  year: "REAL",
  main_image: "TEXT",
  additional_images: "TEXT",
  for_sale: "INTEGER",
  price: "REAL",
  condition: "TEXT",
};

/** Columns of the site-content tables, by database title. */
export const CONTENT_COLUMNS = {
  "Site Content": {
    key: "TEXT",
    key_rich: "TEXT",
    type: "TEXT",
    content: "TEXT",
    content_rich: "TEXT",
    title: "TEXT",
    title_rich: "TEXT",
    image: "TEXT",
  },
  Images: { key: "TEXT", image: "TEXT", alt_text: "TEXT", title: "TEXT" },
  "Page Descriptions": { section: "TEXT", section_rich: "TEXT", description: "TEXT", description_rich: "TEXT" },
  "Page Headers": { page_id: "TEXT", title: "TEXT", icon_type: "TEXT" },
  Posts: { title: "TEXT", section: "TEXT", display_order: "REAL", image: "TEXT", content: "TEXT", body_md: "TEXT" },
} satisfies Record<string, Columns>;

/** The column types of a category's table: the common ones plus its own fields (lists as JSON text, players a number). */
export function categoryColumns(category: CategoryId): Columns {
  const fields = CATEGORIES.find((c) => c.id === category)?.fields ?? [];
  const own = Object.fromEntries(fields.map((f) => [snakeCase(f), f === "numberOfPlayers" ? "REAL" : "TEXT"] as const));
  return { ...ITEM_COLUMNS, ...own };
}

/** A deterministic dashed Notion page id for test row `n`. */
export function pageId(n: number): string {
  const hex = n.toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let nextId = 1;

/** (Re)creates the table of `databaseTitle` with the system columns plus `columns`, and inserts `rows`; returns the rows with ids. */
export async function createTable<const R extends readonly Row[] = []>(
  databaseTitle: string,
  columns: Columns,
  rows?: R,
): Promise<Stored<R>> {
  const table = quoteIdent(tableNameFor(databaseTitle));
  const defs = Object.entries(columns).map(([name, type]) => `${quoteIdent(name)} ${type}`);
  await env.DB.batch([
    env.DB.prepare(`DROP TABLE IF EXISTS ${table}`),
    env.DB.prepare(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, created_time TEXT, last_edited_time TEXT, ${defs.join(", ")})`),
  ]);
  const stored = (rows ?? []).map((row) => ({
    id: pageId(nextId++),
    created_time: new Date(Date.UTC(2024, 0, nextId)).toISOString(),
    ...row,
  }));
  if (stored.length > 0) {
    await env.DB.batch(
      stored.map((row) => {
        const names = Object.keys(row);
        const sql = `INSERT INTO ${table} (${names.map(quoteIdent).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`;
        return env.DB.prepare(sql).bind(...Object.values(row));
      }),
    );
  }
  return stored as Stored<R>;
}

/** Creates a category's table with its contract columns and `rows`. */
export function seedCategory<const R extends readonly Row[]>(category: CategoryId, rows: R): Promise<Stored<R>> {
  const database = CATEGORIES.find((c) => c.id === category)?.database ?? category;
  return createTable(database, categoryColumns(category), rows);
}

/** Creates one of the five site-content tables with its contract columns and `rows`. */
export function seedContent<const R extends readonly Row[]>(databaseTitle: keyof typeof CONTENT_COLUMNS, rows: R): Promise<Stored<R>> {
  return createTable(databaseTitle, CONTENT_COLUMNS[databaseTitle], rows);
}

/** Drops every `notion_*` table, as before the first sync. */
export async function dropNotionTables(): Promise<void> {
  const tables = await existingNotionTables(env.DB, { sideTables: true });
  if (tables.length > 0) await env.DB.batch(tables.map((name) => env.DB.prepare(`DROP TABLE ${quoteIdent(name)}`)));
}

/** JSON text of a list, as files and multi_select columns hold it. */
export const json = (list: string[]): string => JSON.stringify(list);

/** A `_rich` column's JSON: Notion's text, annotations and href of each piece (`[text, annotations?, href?]`). */
export function richJson(...pieces: [string, Record<string, unknown>?, string?][]): string {
  return JSON.stringify(
    pieces.map(([content, annotations = {}, href]) => ({
      text: { content, link: href ? { url: href } : null },
      annotations,
      href: href ?? null,
    })),
  );
}
