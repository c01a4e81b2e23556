import type { SyncRun, SyncStatus } from "#contract/sync-runs";

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

/** Whether the worker can request rebuilds (it has DEPLOY_HOOK_URL); a status without the field, from an older worker, counts as yes. */
export function rebuildsConfigured(status: Pick<SyncStatus, "rebuildConfigured"> | null | undefined): boolean {
  return status?.rebuildConfigured !== false;
}
