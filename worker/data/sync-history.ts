import type { SyncHistoryRun } from "#contract/sync-runs";
import { toSyncHistoryRun, type SyncRunRow } from "./sync-run-row";

/** The latest `limit` syncs (schema, table, full and page runs; not rebuilds), newest first. */
export async function listSyncRuns(db: D1Database, limit: number): Promise<SyncHistoryRun[]> {
  const { results } = await db
    .prepare(
      `SELECT r.*, s.files AS skipped_files, s.total AS skipped_total FROM sync_runs r LEFT JOIN sync_run_skipped_files s ON s.run_id = r.id
       WHERE r.kind IN ('schema', 'table', 'full', 'page') ORDER BY r.id DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<SyncRunRow>();
  return results.map(toSyncHistoryRun);
}

/** One run by id, or null when there is none (or it was pruned). */
export async function readSyncRun(db: D1Database, id: number): Promise<SyncHistoryRun | null> {
  const row = await db.prepare("SELECT * FROM sync_runs WHERE id = ?1").bind(id).first<SyncRunRow>();
  return row ? toSyncHistoryRun(row) : null;
}

/**
 * One run with its progress; a workflow run also has its instance's `status` (`queued`, `running`, `complete`, `errored`,
 * `terminated`, ...) and, once complete, its `result` (a full sync's per-table summary).
 */
export type SyncRunProgress = SyncHistoryRun & { status?: string; result?: unknown };
