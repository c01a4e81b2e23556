import type { RunTrigger } from "#contract/sync-runs";
import { finishRun, startRun } from "../data/sync-runs";
import { SYNC_LOCK, acquireLock } from "../tables/lock";
import type { RegistryEntry } from "../tables/registry";

/** What to sync: one table's data (Sync Data) or everything (the full sync). */
export type SyncJob = { kind: "table"; entry: RegistryEntry } | { kind: "full" };

/** The SYNC workflow instance of a run (its start time too: run ids start again from 1 in a fresh local database, instances may not). */
export const runInstanceId = (runId: number, startedAt: string) => `sync-run-${runId}-${Date.parse(startedAt)}`;

/**
 * Starts a sync run on the SYNC workflow and returns its `sync_runs` id at once. Takes the sync lock here, so a second
 * start answers LockBusyError (409) straight away; the run's steps renew it and its last step frees it (a run killed
 * midway leaves it to expire after LOCK_TTL_MS).
 */
export async function startSync(env: Env, job: SyncJob, trigger: RunTrigger): Promise<number> {
  const lock = await acquireLock(env.DB, SYNC_LOCK);
  let runId: number | undefined;
  try {
    const startedAt = new Date();
    runId = await startRun(env.DB, job.kind, job.kind === "table" ? job.entry.tableName : null, trigger, startedAt);
    await env.SYNC.create({ id: runInstanceId(runId, startedAt.toISOString()), params: { ...job, runId, holder: lock.holder, trigger } });
    return runId;
  } catch (err) {
    await lock.release();
    if (runId !== undefined)
      await finishRun(env.DB, runId, {
        ok: false,
        message: `The sync could not start: ${err instanceof Error ? err.message : String(err)}`,
      });
    throw err;
  }
}
