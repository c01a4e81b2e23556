/** Rows of `sync_runs` read back as the admin API's runs: the one row-to-domain mapper of that table. */
import type { RunKind, RunTrigger, SkippedFile, SyncHistoryRun, SyncRun, UnsupportedBlock } from "#contract/sync-runs";

/** A `sync_runs` row as D1 hands it back (`skipped_*` from `sync_run_skipped_files`, when a read joins it). */
export type SyncRunRow = {
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
  skipped_files?: string | null;
  skipped_total?: number | null;
  pages_read: number | null;
  pages_expected: number | null;
  rows_written: number | null;
  steps: number | null;
  max_step_subrequests: number | null;
  max_step_ms: number | null;
};

/** Row -> run: the one mapping of `sync_runs`'s columns to the admin API's names. */
export function toSyncHistoryRun(r: SyncRunRow): SyncHistoryRun {
  return {
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
  };
}

/** Row -> the run `GET /api/admin/sync-status` names (what it was, when, and how it ended). */
export function toSyncRun(row: SyncRunRow): SyncRun {
  const { kind, target, startedAt, finishedAt, ok, message } = toSyncHistoryRun(row);
  return { kind, target, startedAt, finishedAt, ok, message };
}
