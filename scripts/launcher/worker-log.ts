/** How `npm start` shows the worker's log lines: its JSON events (worker/lib/log.ts) as short readable lines. */

/** Events not shown: one per workflow step (hundreds in a full sync), and the table and full sync summaries the run's end repeats. */
const HIDDEN = new Set(["sync_step", "sync_table", "sync_full"]);

/** The worker's JSON event in a log line (anything may precede it, e.g. wrangler's prefix), or null. */
function workerEvent(line: string): Record<string, unknown> | null {
  const at = line.indexOf('{"event":');
  if (at < 0) return null;
  try {
    const record = JSON.parse(line.slice(at).trimEnd()) as unknown;
    return record && typeof record === "object" && typeof (record as { event?: unknown }).event === "string"
      ? (record as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const seconds = (ms: unknown) => (typeof ms === "number" ? `${(ms / 1000).toFixed(1)} s` : null);

/** One event as a line: `run_end table notion_slots: Synced 15 rows into notion_slots (run 4, 2.1 s, 12 steps, at most 47 subrequests a step)`. */
export function describeEvent(record: Record<string, unknown>): string {
  const { event, kind, table, message, error, runId, ms, steps, subrequests } = record;
  const text = [message, error].filter((part) => typeof part === "string" && part !== "").join(": ");
  const facts = [
    typeof runId === "number" ? `run ${runId}` : null,
    seconds(ms),
    typeof steps === "number" ? `${steps} steps` : null,
    typeof subrequests === "number" ? `at most ${subrequests} subrequests a step` : null,
  ].filter((fact) => fact !== null);
  const subject = [event, kind, table].filter((part) => typeof part === "string").join(" ");
  return `${subject}${text ? `: ${text}` : ""}${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

/** What `npm start` prints for a line of `wrangler dev`'s output, or null to leave it out. */
export function workerLogLine(line: string): string | null {
  const record = workerEvent(line);
  if (record) return HIDDEN.has(String(record.event)) ? null : `  [worker] ${describeEvent(record)}`;
  // wrangler dev's note of where it wrote the text of an email the send_email binding sent (the local enquiry emails).
  if (/^Text: .*\.txt$/.test(line)) return `  [worker] Email: ${line.slice("Text: ".length)}`;
  // workerd's failed look-up of Cloudflare's `cf` metadata is expected offline and says nothing useful.
  if (/rror|✘/.test(line) && !/workers\.cloudflare\.com/.test(line)) return `  [worker] ${line}`;
  return null;
}
