/** Rows of `sync_runs`: the history of syncs and rebuilds shown in the admin panel. */
import { RUNS_KEPT, type RunKind, type RunTrigger, type SkippedFile, type SyncRun, type UnsupportedBlock } from "#contract/sync-runs";
import { toSyncRun, type SyncRunRow } from "./sync-run-row";
import { pruneSkippedFiles, skippedFilesStatement } from "./skipped-files";
import { logEvent } from "../lib/log";

/** What a data sync changed: pages by id and last edit time against the previous rows, files copied, blocks left out, files it could not copy. */
export type RunCounts = {
  added: number;
  changed: number;
  removed: number;
  filesCopied: number;
  unsupported: UnsupportedBlock[];
  skipped?: SkippedFile[];
};

/** How a run ended: `error` (default: `message`) is kept for a failed run; `counts` for a data sync. */
export type RunOutcome = { ok: boolean; message: string; error?: string; counts?: RunCounts };

/** Unsupported block entries kept per run (the total still counts every one). */
const UNSUPPORTED_LISTED = 200;

const prune = (db: D1Database) =>
  db.prepare("DELETE FROM sync_runs WHERE id <= (SELECT id FROM sync_runs ORDER BY id DESC LIMIT 1 OFFSET ?1)").bind(RUNS_KEPT);

/** What a workflow run records as it starts: the pages it expects to read, and the holder of the sync lock it took. */
export type RunStartExtra = { pagesExpected?: number | null; lockHolder?: string };

/** Records the start of a run (pruning the oldest beyond RUNS_KEPT) and returns its id. */
export async function startRun(
  db: D1Database,
  kind: RunKind,
  target: string | null,
  trigger: RunTrigger = "manual",
  startedAt = new Date(),
  extra: RunStartExtra = {},
): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO sync_runs (kind, target, started_by, started_at, pages_expected, lock_holder) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         RETURNING id`,
      )
      .bind(kind, target, trigger, startedAt.toISOString(), extra.pagesExpected ?? null, extra.lockHolder ?? null),
    prune(db),
    pruneSkippedFiles(db),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error("sync_runs insert returned no id");
  return id;
}

/** What the `run_end` log event reads back from the run's row. */
type EndedRunRow = {
  kind: RunKind;
  target: string | null;
  started_by: RunTrigger;
  started_at: string;
  steps: number | null;
  max_step_subrequests: number | null;
};

/** Records how a run ended, with its counts when it synced data, and logs it (`run_end`: kind, table, trigger, time, steps, the most subrequests a step made). */
export async function finishRun(db: D1Database, id: number, outcome: RunOutcome, finishedAt = new Date()): Promise<void> {
  const { counts } = outcome;
  const update = db
    .prepare(
      `UPDATE sync_runs SET finished_at = ?2, ok = ?3, message = ?4, error = ?5, pages_added = ?6, pages_changed = ?7, pages_removed = ?8,
       files_copied = COALESCE(?9, files_copied), unsupported_blocks = ?10, unsupported_total = ?11 WHERE id = ?1
       RETURNING kind, target, started_by, started_at, steps, max_step_subrequests`,
    )
    .bind(
      id,
      finishedAt.toISOString(),
      outcome.ok ? 1 : 0,
      outcome.message,
      outcome.ok ? null : (outcome.error ?? outcome.message),
      counts?.added ?? null,
      counts?.changed ?? null,
      counts?.removed ?? null,
      counts?.filesCopied ?? null,
      counts ? JSON.stringify(counts.unsupported.slice(0, UNSUPPORTED_LISTED)) : null,
      counts ? counts.unsupported.reduce((n, b) => n + b.count, 0) : null,
    );
  const [ended] = await db.batch<EndedRunRow>([update, ...skippedFilesStatement(db, id, counts?.skipped)]);
  const row = ended?.results[0];
  logEvent("run_end", {
    runId: id,
    kind: row?.kind,
    // A table run's target is its table; a rebuild's, the reason it was asked for.
    ...(row?.target?.startsWith("notion_") ? { table: row.target } : { target: row?.target ?? undefined }),
    trigger: row?.started_by,
    ok: outcome.ok,
    ms: row ? finishedAt.getTime() - Date.parse(row.started_at) : undefined,
    steps: row?.steps ?? undefined,
    subrequests: row?.max_step_subrequests ?? undefined,
    message: outcome.message,
    error: outcome.ok ? undefined : (outcome.error ?? outcome.message),
    added: counts?.added,
    changed: counts?.changed,
    removed: counts?.removed,
    filesCopied: counts?.filesCopied,
  });
}

/** The most recent run of any of `kinds`, or null when none ran yet. */
export async function readLatestRun(db: D1Database, kinds: RunKind[]): Promise<SyncRun | null> {
  const marks = kinds.map((_, i) => `?${i + 1}`).join(", ");
  const row = await db
    .prepare(`SELECT * FROM sync_runs WHERE kind IN (${marks}) ORDER BY id DESC LIMIT 1`)
    .bind(...kinds)
    .first<SyncRunRow>();
  return row ? toSyncRun(row) : null;
}

/** What one step of a run did and cost: added to the run's progress, its subrequests and milliseconds kept as the run's maxima. */
export type StepRecord = { pagesRead: number; rowsWritten: number; filesCopied: number; subrequests: number; ms: number };

/** Adds a finished step to its run's progress. */
export async function recordStep(db: D1Database, id: number, step: StepRecord): Promise<void> {
  await db
    .prepare(
      `UPDATE sync_runs SET pages_read = COALESCE(pages_read, 0) + ?2, rows_written = COALESCE(rows_written, 0) + ?3,
       files_copied = CASE WHEN ?4 > 0 THEN COALESCE(files_copied, 0) + ?4 ELSE files_copied END, steps = COALESCE(steps, 0) + 1,
       max_step_subrequests = MAX(COALESCE(max_step_subrequests, 0), ?5), max_step_ms = MAX(COALESCE(max_step_ms, 0), ?6) WHERE id = ?1`,
    )
    .bind(id, step.pagesRead, step.rowsWritten, step.filesCopied, step.subrequests, Math.round(step.ms))
    .run();
}

/** The run that holds the lock `lockName` now (a workflow run records its holder as it starts), or null: none does, or one that records no holder (a schema sync). */
export async function readLockingRun(db: D1Database, lockName: string, now = Date.now()): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT r.id FROM sync_runs r JOIN locks l ON l.holder = r.lock_holder WHERE l.name = ?1 AND l.expires_at >= ?2
       ORDER BY r.id DESC LIMIT 1`,
    )
    .bind(lockName, now)
    .first<{ id: number }>();
  return row?.id ?? null;
}
