/** The log line each workflow step ends with, written by the worker and read by `npm run bench:scale` (to match a step's window with workerd's CPU time). */

/** One workflow step's log record: its run, name, wall-clock window (epoch ms) and subrequests. */
export type StepLog = { runId: number; name: string; startedAt: number; endedAt: number; subrequests: number };

const PREFIX = "sync step:";

/** The line a step logs: `sync step: run 12 from 1732490000000 to 1732490001234, 47 subrequests: notion_posts: rows 0.0`. */
export const stepLogLine = (s: StepLog) =>
  `${PREFIX} run ${s.runId} from ${s.startedAt} to ${s.endedAt}, ${s.subrequests} subrequests: ${s.name}`;

const LINE = /sync step: run (\d+) from (\d+) to (\d+), (\d+) subrequests: (.*)$/;

/** The record in a log line (anything may precede it, e.g. wrangler's prefix), or null for any other line. */
export function parseStepLog(line: string): StepLog | null {
  const m = LINE.exec(line.trimEnd());
  if (!m) return null;
  return { runId: Number(m[1]), startedAt: Number(m[2]), endedAt: Number(m[3]), subrequests: Number(m[4]), name: m[5]! };
}
