/**
 * The log record each workflow step ends with, written by the worker as one JSON line (`{"event":"sync_step",…}`) and
 * read back by `npm run bench:scale` (to match a step's window with workerd's CPU time).
 */

/** One workflow step's log record: its run, name, wall-clock window (epoch ms), subrequests and the D1 rows its queries read and wrote. */
export type StepLog = {
  runId: number;
  name: string;
  startedAt: number;
  endedAt: number;
  subrequests: number;
  rowsRead?: number;
  rowsWritten?: number;
};

/** The event name of a step's record. */
export const STEP_EVENT = "sync_step";

/** The table a step works on, from its name (`notion_posts: rows 0.0`), or undefined for a run-wide step (`release lock`). */
const stepTable = (name: string): string | undefined => /^(notion_\w+):/.exec(name)?.[1];

/** The fields of a step's record after `event`: `runId`, `table`, `step`, `ms`, `subrequests`, and its window. */
export const stepLogFields = (s: StepLog) => ({
  runId: s.runId,
  table: stepTable(s.name),
  step: s.name,
  ms: s.endedAt - s.startedAt,
  subrequests: s.subrequests,
  rowsRead: s.rowsRead,
  rowsWritten: s.rowsWritten,
  startedAt: s.startedAt,
  endedAt: s.endedAt,
});

const MARK = `{"event":"${STEP_EVENT}"`;

/** The record in a log line (anything may precede the JSON, e.g. wrangler's prefix), or null for any other line. */
export function parseStepLog(line: string): StepLog | null {
  const at = line.indexOf(MARK);
  if (at < 0) return null;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line.slice(at).trimEnd()) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { runId, step, startedAt, endedAt, subrequests, rowsRead, rowsWritten } = record;
  if (typeof step !== "string" || ![runId, startedAt, endedAt, subrequests].every((n) => typeof n === "number")) return null;
  return {
    runId: runId as number,
    name: step,
    startedAt: startedAt as number,
    endedAt: endedAt as number,
    subrequests: subrequests as number,
    ...(typeof rowsRead === "number" ? { rowsRead } : {}),
    ...(typeof rowsWritten === "number" ? { rowsWritten } : {}),
  };
}
