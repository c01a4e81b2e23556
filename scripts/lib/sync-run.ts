import { ADMIN_PATHS } from "#contract/api-paths";
import { SyncStartedSchema } from "#contract/admin-api";
import { runEnded, SyncRunProgressSchema, type SyncRunProgress } from "#contract/sync-runs";
import type { AdminClient } from "./admin-client.ts";

/**
 * Follows a sync run the worker started (`GET /api/admin/sync-runs/{id}` every `pollMs`) until it has ended, handing
 * each reading to `onProgress`; throws after `limitMs` (the run goes on in the worker).
 */
export async function followRun(
  admin: AdminClient,
  runId: number,
  {
    limitMs = 30 * 60_000,
    pollMs = 500,
    onProgress,
  }: { limitMs?: number; pollMs?: number; onProgress?: (run: SyncRunProgress) => void } = {},
): Promise<SyncRunProgress> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const run = SyncRunProgressSchema.parse(await admin.call(`${ADMIN_PATHS.syncRuns}/${runId}`));
    onProgress?.(run);
    if (runEnded(run)) return run;
    if (Date.now() > deadline) throw new Error(`sync run ${runId} still running after ${Math.round(limitMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Sync Data for one table through the admin API, followed to its end; throws with the run's error when it failed. */
export async function syncTableRun(
  admin: AdminClient,
  table: { tableName: string; databaseId: string | null },
  options: { untimed?: boolean } = {},
): Promise<SyncRunProgress> {
  const { runId } = SyncStartedSchema.parse(
    await admin.call(ADMIN_PATHS.syncTable, {
      method: "POST",
      body: { tableName: table.tableName, databaseId: table.databaseId },
      ...options,
    }),
  );
  const run = await followRun(admin, runId);
  if (run.ok !== true) throw new Error(`Sync Data of ${table.tableName} failed: ${run.error ?? run.message ?? run.status}`);
  return run;
}

/** The full sync through the admin API, followed to its end; throws with the run's error when it failed as a whole. */
export async function syncAllRun(admin: AdminClient, options: { untimed?: boolean } = {}): Promise<SyncRunProgress> {
  const { runId } = SyncStartedSchema.parse(await admin.call(ADMIN_PATHS.syncAll, { method: "POST", ...options }));
  const run = await followRun(admin, runId);
  if (run.status === "errored" || run.status === "terminated")
    throw new Error(`The full sync failed: ${run.error ?? run.message ?? run.status}`);
  return run;
}
