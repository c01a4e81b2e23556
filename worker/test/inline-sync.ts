/**
 * Syncs run in the test's own invocation, step after step, holding the sync lock: the admin panel, the cron and
 * webhook batches run the same jobs on the SYNC workflow instead (`worker/sync/jobs/sync-workflow.ts`). Tests use them to
 * reach a job directly (a lock lost midway, a short lock, a hooked environment).
 */
import type { SyncAllSummary } from "#contract/admin-api";
import type { RunTrigger } from "#contract/sync-runs";
import { startRun } from "../data/sync-runs";
import { LOCK_TTL_MS, SYNC_LOCK, withLock, type HeldLock } from "../tables/lock";
import type { RegistryEntry } from "../tables/registry";
import { copyJob } from "../sync/jobs/copy-job";
import { fullJob } from "../sync/jobs/full-job";
import type { TableSyncOutcome } from "../sync/jobs/job-common";
import { meteredStep } from "../sync/steps/metered-step";
import type { SyncSteps } from "../sync/steps/sync-steps";
import { tableJob } from "../sync/jobs/table-job";

/** Steps run one after the other in this invocation, under a lock it holds (see `withLock`). */
export function inlineSteps(env: Env, runId: number, lock: HeldLock): SyncSteps {
  return { runId, run: (_name, work) => meteredStep(env, runId, lock.holder, "inline", work) };
}

/** `copyTable` holding the sync lock throughout (`lockTtlMs`): a whole table copied again (after a schema change). */
export function syncTable(
  env: Env,
  entry: RegistryEntry,
  lockTtlMs = LOCK_TTL_MS,
  trigger: RunTrigger = "manual",
): Promise<TableSyncOutcome> {
  return withLock(env.DB, SYNC_LOCK, (lock) => copyTable(env, entry, trigger, lock), lockTtlMs);
}

/** Sync Data holding the sync lock throughout: an update in place when it can, else a full copy, then the purge and rebuild request (`tableJob`). */
export function syncData(env: Env, entry: RegistryEntry, trigger: RunTrigger = "manual"): Promise<TableSyncOutcome> {
  return withLock(env.DB, SYNC_LOCK, async (lock) => {
    const runId = await startRun(env.DB, "table", entry.tableName, trigger);
    return tableJob(inlineSteps(env, runId, lock), entry, runId);
  });
}

/** The whole table copied into a side table and swapped in (`copyJob`), under `lock` which the caller holds. */
export async function copyTable(env: Env, entry: RegistryEntry, trigger: RunTrigger, lock: HeldLock): Promise<TableSyncOutcome> {
  const runId = await startRun(env.DB, "table", entry.tableName, trigger);
  return copyJob(inlineSteps(env, runId, lock), entry, runId);
}

/** The full sync (`fullJob`) holding the sync lock throughout. */
export function syncAll(env: Env, trigger: RunTrigger = "manual"): Promise<SyncAllSummary> {
  return withLock(env.DB, SYNC_LOCK, async (lock) => {
    const runId = await startRun(env.DB, "full", null, trigger);
    return fullJob(inlineSteps(env, runId, lock), trigger);
  });
}
