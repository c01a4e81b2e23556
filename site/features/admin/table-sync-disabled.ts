import type { NotionTable } from "#contract/admin-api";

/** Sync Data is off for a table without a database id, and for every table while any table syncs. */
export function isTableSyncDisabled(table: NotionTable, syncingTable: string | null): boolean {
  return !table.databaseId || syncingTable !== null;
}
