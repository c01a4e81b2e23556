/** Rows of `sync_runs`: the history of syncs and rebuilds shown in the admin panel. */

/** Kinds of run recorded in `sync_runs`. */
export type RunKind = "schema" | "table" | "full" | "rebuild";

/** One recorded run as the admin API hands it out. */
export type SyncRun = { kind: RunKind; target: string | null; startedAt: string; finishedAt: string | null; ok: boolean | null; message: string | null };

type SyncRunRow = { kind: RunKind; target: string | null; started_at: string; finished_at: string | null; ok: number | null; message: string | null };

function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    kind: row.kind,
    target: row.target,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    ok: row.ok === null ? null : row.ok === 1,
    message: row.message,
  };
}

/** Records the start of a run and returns its id. */
export async function startRun(db: D1Database, kind: RunKind, target: string | null, startedAt = new Date()): Promise<number> {
  const row = await db
    .prepare("INSERT INTO sync_runs (kind, target, started_at) VALUES (?1, ?2, ?3) RETURNING id")
    .bind(kind, target, startedAt.toISOString())
    .first<{ id: number }>();
  if (!row) throw new Error("sync_runs insert returned no id");
  return row.id;
}

/** Records how a run ended. */
export async function finishRun(db: D1Database, id: number, ok: boolean, message: string, finishedAt = new Date()): Promise<void> {
  await db
    .prepare("UPDATE sync_runs SET finished_at = ?2, ok = ?3, message = ?4 WHERE id = ?1")
    .bind(id, finishedAt.toISOString(), ok ? 1 : 0, message)
    .run();
}

/** The most recent run of any of `kinds`, or null when none ran yet. */
export async function readLatestRun(db: D1Database, kinds: RunKind[]): Promise<SyncRun | null> {
  const marks = kinds.map((_, i) => `?${i + 1}`).join(", ");
  const row = await db
    .prepare(`SELECT kind, target, started_at, finished_at, ok, message FROM sync_runs WHERE kind IN (${marks}) ORDER BY id DESC LIMIT 1`)
    .bind(...kinds)
    .first<SyncRunRow>();
  return row ? toSyncRun(row) : null;
}
