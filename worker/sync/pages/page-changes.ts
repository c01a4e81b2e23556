import { existingNotionTables } from "../../tables/existing-tables";
import { quoteIdent } from "../../tables/naming";
import type { RegistryEntry } from "../../tables/registry";
import { insertStatements } from "../../tables/row-writer";
import { tableColumns, type ColumnValue } from "../../tables/schema";
import type { HeldLock } from "../../tables/lock";
import { searchIndexStatements, unindexItems } from "../mapping/search-index";

/** Rows to write into one table: each row in `tableColumns` order (id first), as `pageRow` makes them. */
export type TableRows = { entry: RegistryEntry; rows: ColumnValue[][] };

/** Ids per DELETE statement, within D1's 100 bound parameters. */
const IDS_PER_DELETE = 100;

/**
 * Writes single-page changes into the live tables in one batch (one transaction): every changed or deleted page id is
 * removed from every `notion_*` table first (a moved page leaves its old table), then the changed pages' rows are
 * inserted into their own table, with `extra` statements; with `lock`, only while it is held. The one place page-level
 * changes reach D1, so other indexes can hook in here.
 */
export async function applyPageChanges(
  db: D1Database,
  changed: TableRows[],
  deletedIds: string[],
  lock?: HeldLock,
  extra: D1PreparedStatement[] = [],
): Promise<void> {
  const tables = await existingNotionTables(db);
  const live = new Set(tables);
  const writable = changed.filter((c) => live.has(c.entry.tableName) && c.rows.length > 0);
  const ids = [...new Set([...deletedIds, ...writable.flatMap((c) => c.rows.map((r) => String(r[0])))])];
  if (ids.length === 0) {
    if (extra.length) await (lock ? lock.fenced(extra) : db.batch(extra));
    return;
  }
  const statements: D1PreparedStatement[] = [];
  for (const table of tables) {
    for (let i = 0; i < ids.length; i += IDS_PER_DELETE) {
      const chunk = ids.slice(i, i + IDS_PER_DELETE);
      statements.push(db.prepare(`DELETE FROM ${quoteIdent(table)} WHERE id IN (${chunk.map(() => "?").join(", ")})`).bind(...chunk));
    }
  }
  for (const { entry, rows } of writable) {
    statements.push(...insertStatements(db, entry.tableName, tableColumns(entry.columns, entry.hasBody), rows));
  }
  // The search index changes in the same batch as the rows, so search never shows an item the listings do not.
  statements.push(unindexItems(db, ids));
  for (const { entry, rows } of writable)
    statements.push(
      ...searchIndexStatements(
        db,
        entry,
        rows.map((r) => String(r[0])),
      ),
    );
  statements.push(...extra);
  await (lock ? lock.fenced(statements) : db.batch(statements));
}

/** Which of `ids` some `notion_*` table holds now (to tell pages added from pages changed). */
export async function existingIds(db: D1Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const tables = await existingNotionTables(db);
  if (tables.length === 0) return new Set();
  // One statement per table in one round trip: D1 caps the terms of a compound SELECT.
  const found = await db.batch<{ id: string }>(
    tables.map((t) =>
      db.prepare(`SELECT id FROM ${quoteIdent(t)} WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(ids)),
    ),
  );
  return new Set(found.flatMap((r) => r.results.map((row) => row.id)));
}
