import type { NotionTable } from "#contract/admin-api";

/** Sync Data is off for a table without a database id, and for every table while any sync runs (`busy`, whoever started it). */
export function isTableSyncDisabled(table: NotionTable, busy: boolean): boolean {
  return !table.databaseId || busy;
}
