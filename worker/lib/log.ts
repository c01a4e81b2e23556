/**
 * The fields a log event may carry. The common ones keep one name across events so Workers Logs can filter on them:
 * `runId` (the `sync_runs` id), `table`, `ms` (how long), `subrequests`, `error` (an Error becomes its message).
 */
export type LogFields = {
  runId?: number;
  table?: string;
  ms?: number;
  subrequests?: number;
  error?: unknown;
  [field: string]: unknown;
};

/** One log line: `{"event":…,…}`. */
export type LogRecord = { event: string; [field: string]: unknown };

/** The record `logEvent` writes: the event first, then the fields, an error reduced to its message and undefined fields left out. */
export function logRecord(event: string, fields: LogFields = {}): LogRecord {
  const record: LogRecord = { event };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // An error object's own fields (stack, cause) are noise in a log a dealer reads, and JSON drops them anyway.
    record[key] = value instanceof Error ? value.message : key === "error" ? String(value) : value;
  }
  return record;
}

/** The console method an event goes to: Workers Logs shows it as the record's level. */
export type LogLevel = "log" | "warn" | "error";

/**
 * Writes one JSON object per event (`console.log`, `console.error` when it carries an `error`, unless `level` says), which Workers Logs
 * indexes field by field: e.g. `logEvent("sync_step", { runId: 12, table: "notion_slots", ms: 840, subrequests: 47 })`.
 */
export function logEvent(event: string, fields: LogFields = {}, level: LogLevel = fields.error !== undefined ? "error" : "log"): void {
  console[level](JSON.stringify(logRecord(event, fields)));
}
