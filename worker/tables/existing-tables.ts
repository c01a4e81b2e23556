import { isSideTable } from "./row-writer";

/**
 * The `notion_*` tables that exist now, by name (a refused or not yet synced database has none); the side tables of a
 * sync under way only with `sideTables`.
 */
export async function existingNotionTables(db: D1Database, { sideTables = false } = {}): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) = 'notion_' ORDER BY name")
    .all<{ name: string }>();
  return results.map((r) => r.name).filter((name) => sideTables || !isSideTable(name));
}
