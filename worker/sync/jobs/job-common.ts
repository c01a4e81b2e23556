import { finishRun, type RunCounts } from "../../data/sync-runs";
import { CONTRACT_DATABASES } from "../mapping/workspace";
import { dropStaged } from "../pages/page-slices";
import { failureMessage } from "../steps/run-ended";
import type { SyncSteps } from "../steps/sync-steps";
import { logEvent } from "../../lib/log";

/** What a table sync did and cost; an update in place also says how many pages it read as edited and how many rows it removed. */
export type TableSyncOutcome = {
  tableName: string;
  rows: number;
  changed?: number;
  removed?: number;
  requests: number;
  downloads: number;
  seconds: number;
  message: string;
  counts: RunCounts;
};

/** The database title of a contract table, for failure messages. */
const databaseOf = (tableName: string) => CONTRACT_DATABASES.find((db) => db.tableName === tableName)?.title ?? null;

/** Records a table sync's failure, after `undo` (the side table) and the staged pages are dropped (best effort). */
export async function failed(
  steps: SyncSteps,
  table: string,
  tableRunId: number,
  read: number,
  err: unknown,
  undo?: (env: Env) => Promise<void>,
): Promise<void> {
  const message = failureMessage(err, { database: databaseOf(table), nextTry: steps.nextTry ?? "nightly" });
  logEvent("sync_table_failed", { runId: tableRunId, table, error: message });
  // Unlocked: a run that lost its lock still records why.
  await steps.run(
    `${table}: failed`,
    async ({ env }) => {
      await undo?.(env);
      await dropStaged(env.MEDIA, steps.runId, table, read).catch(() => undefined);
      await finishRun(env.DB, tableRunId, { ok: false, message });
    },
    { unlocked: true },
  );
}
