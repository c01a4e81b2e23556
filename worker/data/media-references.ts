import { quoteIdent } from "../tables/naming";

/** Rows read per query while looking for file references. */
const ROWS_PER_PAGE = 500;
// The alias of the row id in those reads, unlike any column name the sync makes.
const ROW = "__media_gc_rowid";

// A site URL of a copied file, inside a JSON list, a plain value or Markdown: the key is what follows /media/.
const MEDIA_URL = /\/media\/([A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)/g;

/** The R2 keys named by `/media/...` URLs in `text`. */
export function mediaKeysIn(text: string): string[] {
  return Array.from(text.matchAll(MEDIA_URL)).flatMap(([, key]) => (key ? [key] : []));
}

/**
 * Every R2 key a `notion_*` row refers to, in any column (files lists, rollups of other tables' files, Markdown bodies),
 * including side tables of a sync under way. One query lists the tables and columns, then each table is read in pages
 * of ROWS_PER_PAGE rows, only its rows holding `/media/`, only their columns.
 */
export async function referencedMediaKeys(db: D1Database): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      "SELECT m.name AS tbl, p.name AS col FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name LIKE 'notion\\_%' ESCAPE '\\' ORDER BY m.name, p.cid",
    )
    .all<{ tbl: string; col: string }>();
  const tables = new Map<string, string[]>();
  for (const { tbl, col } of results) tables.set(tbl, [...(tables.get(tbl) ?? []), col]);
  const keys = new Set<string>();
  for (const [table, columns] of tables) {
    const cols = columns.map(quoteIdent);
    const sql = `SELECT rowid AS ${ROW}, ${cols.join(", ")} FROM ${quoteIdent(table)} WHERE rowid > ?1 AND (${cols.map((c) => `instr(${c}, '/media/') > 0`).join(" OR ")}) ORDER BY rowid LIMIT ${ROWS_PER_PAGE}`;
    for (let after = Number.MIN_SAFE_INTEGER, more = true; more;) {
      const { results: rows } = await db.prepare(sql).bind(after).all<Record<string, unknown>>();
      for (const row of rows) {
        for (const [name, value] of Object.entries(row))
          if (name !== ROW && typeof value === "string") for (const key of mediaKeysIn(value)) keys.add(key);
      }
      more = rows.length === ROWS_PER_PAGE;
      if (more) after = Number(rows.at(-1)?.[ROW]);
    }
  }
  return keys;
}
