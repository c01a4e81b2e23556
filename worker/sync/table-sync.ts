import type { RunTrigger } from "#contract/sync-runs";
import { startRun } from "../data/sync-runs";
import { LOCK_TTL_MS, SYNC_LOCK, withLock, type HeldLock } from "../tables/lock";
import type { RegistryEntry } from "../tables/registry";
import { inlineSteps } from "./sync-steps";
import { copyJob } from "./copy-job";
import type { TableSyncOutcome } from "./job-common";
import { dataSyncRun } from "./table-job";
import { updateJob } from "./update-job";

/**
 * The table jobs run in this invocation (tests), step after step: the admin panel, the cron and webhook batches run
 * them on the SYNC workflow instead (see `sync-workflow.ts`).
 */

/** `copyTable` holding the sync lock throughout (`lockTtlMs` for tests): a whole table copied again (after a schema change). */
export function syncTable(
  env: Env,
  entry: RegistryEntry,
  lockTtlMs = LOCK_TTL_MS,
  trigger: RunTrigger = "manual",
): Promise<TableSyncOutcome> {
  return withLock(env.DB, SYNC_LOCK, (lock) => copyTable(env, entry, trigger, lock), lockTtlMs);
}

/** Sync Data holding the sync lock throughout (`lockTtlMs` for tests): an update in place when it can, else a full copy, then the purge and rebuild request (`dataSyncRun`). */
export function syncData(
  env: Env,
  entry: RegistryEntry,
  lockTtlMs = LOCK_TTL_MS,
  trigger: RunTrigger = "manual",
): Promise<TableSyncOutcome> {
  return withLock(
    env.DB,
    SYNC_LOCK,
    async (lock) => {
      const runId = await startRun(env.DB, "table", entry.tableName, trigger);
      return dataSyncRun(inlineSteps(env, runId, lock), entry, runId);
    },
    lockTtlMs,
  );
}

/** The whole table copied into a side table and swapped in (`copyJob`), under `lock` which the caller holds. */
export async function copyTable(env: Env, entry: RegistryEntry, trigger: RunTrigger, lock: HeldLock): Promise<TableSyncOutcome> {
  const runId = await startRun(env.DB, "table", entry.tableName, trigger);
  return copyJob(inlineSteps(env, runId, lock), entry, runId);
}

/** The table brought up to date in place (`updateJob`), under `lock` which the caller holds. */
export async function updateTable(env: Env, entry: RegistryEntry, trigger: RunTrigger, lock: HeldLock): Promise<TableSyncOutcome> {
  const runId = await startRun(env.DB, "table", entry.tableName, trigger);
  return updateJob(inlineSteps(env, runId, lock), entry, runId);
}
