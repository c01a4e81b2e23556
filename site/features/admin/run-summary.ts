import type { SyncRun } from "#contract/sync-runs";

/** A run without an outcome this long after its start was cut off (worker restart, timeout). */
const STALE_RUN_MS = 30 * 60_000;

/** Outcome label of a recorded run. */
export function runOutcome(
  run: SyncRun | null,
  lockHeld?: boolean,
  now = Date.now(),
): "Never" | "Running" | "Interrupted" | "Succeeded" | "Failed" {
  if (!run) return "Never";
  // An unfinished sync whose lock is free was cut short; without the lock's word, age decides.
  if (run.ok === null) return lockHeld === false || now - Date.parse(run.startedAt) > STALE_RUN_MS ? "Interrupted" : "Running";
  return run.ok ? "Succeeded" : "Failed";
}

/** What a run covered, e.g. `Table notion_slot_machines` or `Full sync`. */
export function runLabel(run: SyncRun): string {
  const kind = { schema: "Schema sync", table: "Table sync", full: "Full sync", rebuild: "Site rebuild", page: "Page sync" }[run.kind];
  return run.target ? `${kind} (${run.target})` : kind;
}
