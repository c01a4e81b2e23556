import type { SyncHistoryRun } from "#contract/sync-runs";

/** A running table sync's progress line: "Syncing notion_posts: 100 pages read, 40 rows written, 12 files copied". */
export function syncProgressText(table: string, run: Pick<SyncHistoryRun, "pagesRead" | "rowsWritten" | "filesCopied"> | null): string {
  if (!run) return `Syncing ${table}: starting…`;
  return `Syncing ${table}: ${run.pagesRead ?? 0} pages read, ${run.rowsWritten ?? 0} rows written, ${run.filesCopied ?? 0} files copied`;
}
