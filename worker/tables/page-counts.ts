import { existingNotionTables } from "./existing-tables";
import { quoteIdent } from "./naming";

/** Pages a sync adds, changes (same id, another last edit time) and removes, counted before the side table is swapped in. */
export type PageChanges = { added: number; changed: number; removed: number };

/** Compares the side table's pages with the live table's by id and `last_edited_time`; every page is added when there is no live table yet. */
export async function pageChanges(db: D1Database, live: string, side: string): Promise<PageChanges> {
  const exists = await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(live).first();
  const [l, s] = [quoteIdent(live), quoteIdent(side)];
  if (!exists) {
    const row = await db.prepare(`SELECT COUNT(*) AS added FROM ${s}`).first<{ added: number }>();
    return { added: row?.added ?? 0, changed: 0, removed: 0 };
  }
  const row = await db
    .prepare(
      `SELECT
         (SELECT COUNT(*) FROM ${s} n WHERE NOT EXISTS (SELECT 1 FROM ${l} o WHERE o.id = n.id)) AS added,
         (SELECT COUNT(*) FROM ${s} n JOIN ${l} o ON o.id = n.id WHERE o.last_edited_time IS NOT n.last_edited_time) AS changed,
         (SELECT COUNT(*) FROM ${l} o WHERE NOT EXISTS (SELECT 1 FROM ${s} n WHERE n.id = o.id)) AS removed`,
    )
    .first<PageChanges>();
  return row ?? { added: 0, changed: 0, removed: 0 };
}

/** The rows of the `names` tables that exist, added up in one query (0 when none exists). */
export async function countRows(db: D1Database, names: string[]): Promise<number> {
  const existing = new Set(await existingNotionTables(db));
  const present = [...new Set(names)].filter((name) => existing.has(name));
  if (present.length === 0) return 0;
  const sum = present.map((name) => `(SELECT COUNT(*) FROM ${quoteIdent(name)})`).join(" + ");
  return (await db.prepare(`SELECT ${sum} AS n`).first<{ n: number }>())?.n ?? 0;
}
