/** Rows of `setup_runs`: the first-run card's "Create the catalogue under this page" runs and "Use my databases" checks. */
import { NOTION_LAYOUT } from "#contract/notion-layout";
import type { SetupRun } from "#contract/first-run";

/** Runs kept: the newest ones (the card shows the last). */
const SETUP_RUNS_KEPT = 20;

type SetupRunRow = {
  id: number;
  kind: SetupRun["kind"];
  demo: number;
  parent_page_id: string;
  started_at: string;
  finished_at: string | null;
  ok: number | null;
  phase: string;
  databases_done: number;
  pages_done: number;
  pages_total: number;
  lines: string;
  message: string | null;
};

const COLUMNS =
  "id, kind, demo, parent_page_id, started_at, finished_at, ok, phase, databases_done, pages_done, pages_total, lines, message";

/** A row as the admin panel reads it. */
function toSetupRun(row: SetupRunRow): SetupRun {
  let lines: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.lines);
    if (Array.isArray(parsed)) lines = parsed.filter((line): line is string => typeof line === "string");
  } catch {
    // A row written by hand: its lines are left out rather than failing the card.
  }
  return {
    id: row.id,
    kind: row.kind,
    demo: row.demo === 1,
    parentPageId: row.parent_page_id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    ok: row.ok === null ? null : row.ok === 1,
    phase: row.phase,
    databasesDone: row.databases_done,
    databasesTotal: NOTION_LAYOUT.length,
    pagesDone: row.pages_done,
    pagesTotal: row.pages_total,
    lines,
    message: row.message,
  };
}

const prune = (db: D1Database) =>
  db.prepare("DELETE FROM setup_runs WHERE id <= (SELECT id FROM setup_runs ORDER BY id DESC LIMIT 1 OFFSET ?1)").bind(SETUP_RUNS_KEPT);

/** A run already under way where a new one was asked for: only one create runs at a time. */
export class SetupRunningError extends Error {
  override name = "SetupRunningError";
  constructor(readonly run: SetupRun) {
    super("The catalogue is already being created: its progress shows in the first-run card, and it carries on if you close the page.");
  }
}

/** What a create run starts with: its page, whether it fills in the demo and how many demo pages that is. */
export type SetupStart = { parentPageId: string; demo: boolean; pagesTotal: number };

/**
 * Records a create run as started (the oldest beyond SETUP_RUNS_KEPT pruned) and returns it; throws SetupRunningError
 * when one is already running (two starts at once: D1's unique index lets one in).
 */
export async function startSetupRun(db: D1Database, start: SetupStart, startedAt = new Date()): Promise<SetupRun> {
  try {
    const [inserted] = await db.batch<SetupRunRow>([
      db
        .prepare(
          `INSERT INTO setup_runs (kind, demo, parent_page_id, started_at, phase, pages_total)
           VALUES ('create', ?1, ?2, ?3, 'Starting', ?4) RETURNING ${COLUMNS}`,
        )
        .bind(start.demo ? 1 : 0, start.parentPageId, startedAt.toISOString(), start.pagesTotal),
      prune(db),
    ]);
    const row = inserted?.results[0];
    if (!row) throw new Error("setup_runs insert returned no row");
    return toSetupRun(row);
  } catch (err) {
    const running = /UNIQUE constraint failed/.test(String(err)) ? await runningSetupRun(db) : null;
    if (running) throw new SetupRunningError(running);
    throw err;
  }
}

/** Where a create run has got to: what it does now, databases and demo pages in Notion so far, its lines; each an absolute value, so a step run again writes the same. */
export type SetupProgress = { phase: string; databasesDone: number; pagesDone: number; lines: string[] };

/** Records a running create run's progress (a finished run is left as it ended). */
export async function recordSetupProgress(db: D1Database, id: number, progress: SetupProgress): Promise<void> {
  await db
    .prepare("UPDATE setup_runs SET phase = ?2, databases_done = ?3, pages_done = ?4, lines = ?5 WHERE id = ?1 AND finished_at IS NULL")
    .bind(id, progress.phase, progress.databasesDone, progress.pagesDone, JSON.stringify(progress.lines))
    .run();
}

/** How a run ended: `ok` when every database is in order, its outcome in words, and its lines when it has new ones. */
export type SetupEnd = { ok: boolean; message: string; lines?: string[]; phase?: string };

/** Records how a create run ended (once: a run already finished keeps its end). */
export async function finishSetupRun(db: D1Database, id: number, end: SetupEnd, finishedAt = new Date()): Promise<void> {
  await db
    .prepare(
      `UPDATE setup_runs SET finished_at = ?2, ok = ?3, message = ?4, lines = COALESCE(?5, lines), phase = COALESCE(?6, phase)
       WHERE id = ?1 AND finished_at IS NULL`,
    )
    .bind(id, finishedAt.toISOString(), end.ok ? 1 : 0, end.message, end.lines ? JSON.stringify(end.lines) : null, end.phase ?? null)
    .run();
}

/** Records a "Use my databases" check as a finished run and returns it. */
export async function recordCheckRun(
  db: D1Database,
  check: { parentPageId: string; ok: boolean; lines: string[]; message: string; databasesFound: number },
  at = new Date(),
): Promise<SetupRun> {
  const [inserted] = await db.batch<SetupRunRow>([
    db
      .prepare(
        `INSERT INTO setup_runs (kind, parent_page_id, started_at, finished_at, ok, phase, databases_done, lines, message)
         VALUES ('check', ?1, ?2, ?2, ?3, 'Checked', ?4, ?5, ?6) RETURNING ${COLUMNS}`,
      )
      .bind(check.parentPageId, at.toISOString(), check.ok ? 1 : 0, check.databasesFound, JSON.stringify(check.lines), check.message),
    prune(db),
  ]);
  const row = inserted?.results[0];
  if (!row) throw new Error("setup_runs insert returned no row");
  return toSetupRun(row);
}

/** The newest run (create or check), or null before the first. */
export async function latestSetupRun(db: D1Database): Promise<SetupRun | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM setup_runs ORDER BY id DESC LIMIT 1`).first<SetupRunRow>();
  return row ? toSetupRun(row) : null;
}

/** The create run under way, or null. */
export async function runningSetupRun(db: D1Database): Promise<SetupRun | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM setup_runs WHERE kind = 'create' AND finished_at IS NULL ORDER BY id DESC LIMIT 1`)
    .first<SetupRunRow>();
  return row ? toSetupRun(row) : null;
}

/** One run by id, or null. */
export async function readSetupRun(db: D1Database, id: number): Promise<SetupRun | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM setup_runs WHERE id = ?1`).bind(id).first<SetupRunRow>();
  return row ? toSetupRun(row) : null;
}
