/** How the admin panel words a sync run: its outcome and scope, what started it, its pages, and where the rebuild it asked for stands. */
import type { RunTrigger, SyncHistoryRun, SyncRun, SyncStatus } from "#contract/sync-runs";

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

/** A requested build not live this long after the request has most likely failed or stalled on the host. */
const REBUILD_OVERDUE_MS = 15 * 60_000;

/**
 * Where the last accepted rebuild stands against the live build: `pending` (requested, not live yet),
 * `overdue` (still not live more than 15 minutes after the request), or null (live, not accepted, or unknown).
 */
export function rebuildProgress(
  lastRebuild: SyncRun | null,
  builtAt: string | null | undefined,
  now = Date.now(),
): "pending" | "overdue" | null {
  if (!lastRebuild?.ok || !builtAt) return null;
  const requestedAt = Date.parse(lastRebuild.startedAt);
  if (Date.parse(builtAt) >= requestedAt) return null;
  return now - requestedAt > REBUILD_OVERDUE_MS ? "overdue" : "pending";
}

/** Whether the worker can request rebuilds (a deploy hook set in the admin panel or as DEPLOY_HOOK_URL); a status without the field, from an older worker, counts as yes. */
export function rebuildsConfigured(status: Pick<SyncStatus, "rebuildConfigured"> | null | undefined): boolean {
  return status?.rebuildConfigured !== false;
}

const TRIGGER_TEXT: Record<RunTrigger, string> = {
  manual: "Admin panel",
  cron: "Nightly cron",
  webhook: "Notion webhook",
  launcher: "Launcher",
};

/** What started a run, in the operator's words. */
export function triggerText(trigger: RunTrigger): string {
  return TRIGGER_TEXT[trigger] ?? trigger;
}

/** What a run covered: every table, the schemas, one table or one page's table. */
export function scopeText(run: Pick<SyncHistoryRun, "kind" | "target">): string {
  if (run.kind === "full") return "All tables";
  if (run.kind === "schema") return "Schemas of all tables";
  const what = run.kind === "page" ? "Page in" : "Table";
  return run.target ? `${what} ${run.target}` : what;
}

/** Pages added, changed and removed, or an em dash when the run synced no data (a schema sync, a failure). */
export function pagesText(run: Pick<SyncHistoryRun, "pagesAdded" | "pagesChanged" | "pagesRemoved">): string {
  if (run.pagesAdded === null || run.pagesChanged === null || run.pagesRemoved === null) return "—";
  return `${run.pagesAdded} added, ${run.pagesChanged} changed, ${run.pagesRemoved} removed`;
}

/** Unsupported blocks counted but not listed (a run lists at most 200 entries). */
export function unlistedBlocks(run: Pick<SyncHistoryRun, "unsupportedBlocks" | "unsupportedTotal">): number {
  return run.unsupportedTotal - run.unsupportedBlocks.reduce((n, b) => n + b.count, 0);
}

/** Files not copied but not listed (a run lists at most 200). */
export function unlistedFiles(run: Pick<SyncHistoryRun, "skippedFiles" | "skippedTotal">): number {
  return run.skippedTotal - run.skippedFiles.length;
}
