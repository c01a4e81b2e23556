import type { RunKind, RunTrigger } from "#contract/sync-runs";
import { finishRun, startRun } from "../../data/sync-runs";
import { SYNC_LOCK, acquireLock } from "../../tables/lock";
import type { RegistryEntry } from "../../tables/registry";
import { expectedPages } from "./expected-pages";

/**
 * What to sync: one table's data (Sync Data), everything (the full sync; `reason` says in the history why, when it is
 * not the usual one), or a webhook batch (pages and schema-changed data sources, by id).
 */
export type SyncJob =
  { kind: "table"; entry: RegistryEntry } | { kind: "full"; reason?: string } | { kind: "webhook"; pages: string[]; schemas: string[] };

/** The `sync_runs` kind and target a job is recorded under (a webhook batch as today's page runs: `page`, `webhook`). */
function recordedAs(job: SyncJob): { kind: RunKind; target: string | null } {
  if (job.kind === "table") return { kind: "table", target: job.entry.tableName };
  if (job.kind === "webhook") return { kind: "page", target: "webhook" };
  return { kind: "full", target: null };
}

/** The SYNC workflow instance of a run (its start time too: run ids start again from 1 in a fresh local database, instances may not). */
export const runInstanceId = (runId: number, startedAt: string) => `sync-run-${runId}-${Date.parse(startedAt)}`;

/**
 * Starts a sync run on the SYNC workflow and returns its `sync_runs` id at once, recording the pages it expects to read
 * and the lock it holds (the admin panel follows whichever run holds it). Takes the sync lock here, so a second
 * start answers LockBusyError (409) straight away; the run's steps renew it and its last step frees it (a run killed
 * midway leaves it to expire after LOCK_TTL_MS). `beforeCreate` runs once the run's row exists, before its instance
 * does (the debouncer notes the run there, so the run's report never arrives before it).
 */
export async function startSync(
  env: Env,
  job: SyncJob,
  trigger: RunTrigger,
  beforeCreate?: (runId: number, instanceId: string) => Promise<void>,
): Promise<number> {
  const lock = await acquireLock(env.DB, SYNC_LOCK);
  let runId: number | undefined;
  try {
    const startedAt = new Date();
    const { kind, target } = recordedAs(job);
    const pagesExpected = await expectedPages(env.DB, job);
    runId = await startRun(env.DB, kind, target, trigger, startedAt, { pagesExpected, lockHolder: lock.holder });
    const id = runInstanceId(runId, startedAt.toISOString());
    await beforeCreate?.(runId, id);
    await env.SYNC.create({ id, params: { ...job, runId, holder: lock.holder, trigger } });
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
