import type { QueryOptions } from "../../notion/query-pages";
import type { RegistryEntry } from "../../tables/registry";
import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { readAndStage, stageKey } from "./page-slices";
import { readAhead } from "./read-ahead";
import type { StagedAt } from "./staged-pages";
import type { StepContext } from "../steps/metered-step";
import type { SyncSteps } from "../steps/sync-steps";

/** What a table job has spent and met so far, summed over its steps. */
export type Tally = { requests: number; downloads: number; filesCopied: number; unsupported: UnsupportedBlock[]; skipped: SkippedFile[] };
/** A tally at zero, for a table job's first step. */
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

/** A table job's walk over its query: the step names, the query's options, and where it counts its reads and costs. */
export type SliceWalk = {
  /** Name of a read step, before its cursor page's number (`read`: `notion_x: read 0`). */
  readStep: string;
  /** Name of a slice step, before its cursor page's number and first page (`rows`: `notion_x: rows 0.40`). */
  sliceStep: string;
  query?: QueryOptions;
  tally: Tally;
  /** Cursor pages whose read began: a failed run drops whatever they staged. */
  staged: { read: number };
};

/**
 * Walks the entry's query a cursor page per read step, each staged in R2 and read ahead of the slices of the page
 * before it (see `readAhead`), then works each staged page in slices, a step each (`slice` says where the next one
 * starts with `to`): the loop the copy and the update in place share.
 */
export async function walkSlices<S extends { to: number }>(
  steps: SyncSteps,
  entry: RegistryEntry,
  walk: SliceWalk,
  slice: (ctx: StepContext, at: StagedAt, from: number) => Promise<S>,
  done: (slice: S) => void,
): Promise<void> {
  const table = entry.tableName;
  await readAhead(
    async (n, cursor) => {
      // Counted as it starts: a failure drops whatever a read under way staged.
      walk.staged.read = n + 1;
      const key = stageKey(steps.runId, table, n);
      const page = await steps.run(`${table}: ${walk.readStep} ${n}`, (ctx) => readAndStage(ctx, entry, key, cursor, walk.query));
      walk.tally.requests += page.requests;
      return page;
    },
    async (page, n) => {
      const at = { key: stageKey(steps.runId, table, n), etag: page.etag };
      for (let from = 0; from < page.count;) {
        const made = await steps.run(`${table}: ${walk.sliceStep} ${n}.${from}`, (ctx) => slice(ctx, at, from));
        done(made);
        from = made.to;
      }
    },
  );
}
