import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { finishRun, type RunCounts } from "../../data/sync-runs";
import { errorMessage } from "../../lib/errors";
import { notionFailureText, type FailureContext } from "#contract/notion-failures";
import { notionFailureOf, upstreamMessage } from "../../notion/upstream-error";
import { CONTRACT_DATABASES } from "../mapping/workspace";
import { dropStaged } from "../pages/page-slices";
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

/**
 * The message a failed sync records and logs: for a failure Notion answered, the operator's words naming its cause and
 * fix (`context`: the database it was about, when the run tries again); else what failed, in our words or D1's.
 */
export function failureMessage(err: unknown, context: FailureContext = {}): string {
  const notion = notionFailureOf(err);
  if (notion) return notionFailureText(notion, context);
  return upstreamMessage(err) ?? errorMessage(err);
}

/** The database title of a contract table, for failure messages. */
const databaseOf = (tableName: string) => CONTRACT_DATABASES.find((db) => db.tableName === tableName)?.title ?? null;

/** What a table job has spent and met so far, summed over its steps. */
export type Tally = { requests: number; downloads: number; filesCopied: number; unsupported: UnsupportedBlock[]; skipped: SkippedFile[] };
export const newTally = (): Tally => ({ requests: 0, downloads: 0, filesCopied: 0, unsupported: [], skipped: [] });

/** Adds one step's costs and findings to the tally. */
export function add(
  tally: Tally,
  slice: { requests: number; downloads: number; filesCopied: number; unsupported: UnsupportedBlock[]; skipped: SkippedFile[] },
): void {
  tally.requests += slice.requests;
  tally.downloads += slice.downloads;
  tally.filesCopied += slice.filesCopied;
  tally.unsupported.push(...slice.unsupported);
  tally.skipped.push(...slice.skipped);
}

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
