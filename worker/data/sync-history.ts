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
  pages_read: number | null;
  pages_expected: number | null;
  rows_written: number | null;
  steps: number | null;
  max_step_subrequests: number | null;
  max_step_ms: number | null;
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
  return toHistoryRuns(results);
}

function toHistoryRuns(results: Row[]): SyncHistoryRun[] {
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
    pagesRead: r.pages_read,
    pagesExpected: r.pages_expected,
    rowsWritten: r.rows_written,
    steps: r.steps,
    maxStepSubrequests: r.max_step_subrequests,
    maxStepMs: r.max_step_ms,
  }));
}

/** One run by id, or null when there is none (or it was pruned). */
export async function readSyncRun(db: D1Database, id: number): Promise<SyncHistoryRun | null> {
  const { results } = await db.prepare("SELECT * FROM sync_runs WHERE id = ?1").bind(id).all<Row>();
  return toHistoryRuns(results)[0] ?? null;
}

/**
 * One run with its progress; a workflow run also has its instance's `status` (`queued`, `running`, `complete`, `errored`,
 * `terminated`, ...) and, once complete, its `result` (a full sync's per-table summary).
 */
export type SyncRunProgress = SyncHistoryRun & { status?: string; result?: unknown };
