import type { RunKind, RunTrigger, SyncHistoryRun, UnsupportedBlock, SkippedFile } from "#contract/sync-runs";

type Row = {
  id: number;
  kind: RunKind;
  target: string | null;
  started_by: RunTrigger;
  started_at: string;
  finished_at: string | null;
  ok: number | null;
  message: string | null;
  error: string | null;
  pages_added: number | null;
  pages_changed: number | null;
  pages_removed: number | null;
  files_copied: number | null;
  unsupported_blocks: string | null;
  unsupported_total: number | null;
  skipped_files: string | null;
  skipped_total: number | null;
};

/** The latest `limit` syncs (schema, table, full and page runs; not rebuilds), newest first. */
export async function listSyncRuns(db: D1Database, limit: number): Promise<SyncHistoryRun[]> {
  const { results } = await db
    .prepare(
      `SELECT r.*, s.files AS skipped_files, s.total AS skipped_total FROM sync_runs r LEFT JOIN sync_run_skipped_files s ON s.run_id = r.id
       WHERE r.kind IN ('schema', 'table', 'full', 'page') ORDER BY r.id DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<Row>();
  return results.map((r) => ({
    id: r.id,
    kind: r.kind,
    target: r.target,
    trigger: r.started_by,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    ok: r.ok === null ? null : r.ok === 1,
    message: r.message,
    error: r.error,
    pagesAdded: r.pages_added,
    pagesChanged: r.pages_changed,
    pagesRemoved: r.pages_removed,
    filesCopied: r.files_copied,
    unsupportedBlocks: r.unsupported_blocks ? (JSON.parse(r.unsupported_blocks) as UnsupportedBlock[]) : [],
    unsupportedTotal: r.unsupported_total ?? 0,
    skippedFiles: r.skipped_files ? (JSON.parse(r.skipped_files) as SkippedFile[]) : [],
    skippedTotal: r.skipped_total ?? 0,
  }));
}
