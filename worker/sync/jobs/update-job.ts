import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { pagesToRetry, settleFileRetries } from "../../data/skipped-files";
import { finishRun } from "../../data/sync-runs";
import { notionRun } from "../../notion/client";
import { queryPage } from "../../notion/query-pages";
import type { RegistryEntry } from "../../tables/registry";
import { retriedRows } from "../pages/file-retries";
import { EDIT_OVERLAP_MS, applyEdited, removeGone } from "./incremental-sync";
import { recordPublication } from "../../data/unpublished-pages";
import { heldMessage } from "./removal-guard";
import { failed, type TableSyncOutcome } from "./job-common";
import { lookupIndex } from "../files/media-index";
import { dropStaged, sliceRows } from "../pages/page-slices";
import { add, newTally, walkSlices, type Tally } from "../pages/slice-walk";
import type { SyncSteps } from "../steps/sync-steps";
import { logEvent } from "../../lib/log";

/** Notion's id of a data source's title property (the same in every data source). */
const TITLE_PROPERTY_ID = "title";

type IdList = { ids: string[]; next: string | null; requests: number };

/** What the update has read so far: the pages read in full (by id), and its counts of them. */
type Found = { readIds: Set<string>; changed: number; added: number; edited: number };

/** Pages whose files failed before that one step reads again (each a page read plus its files). */
const RETRIES_PER_STEP = 5;

/**
 * Brings a table synced before up to date without copying it, in three phases: the pages edited since the last sync
 * began (less EDIT_OVERLAP_MS) read into their rows (`applyEditedPages`), the pages whose files an earlier sync could
 * not copy read again (`retryFiles`), then every page's id listed (`listPresent`) and the rows of pages no longer there
 * removed, recording this run's START as the next watermark. The caller has checked `canUpdateInPlace`. A page read as a
 * draft or held is recorded, not written: a held page's row stays as last synced, and a draft's row leaves with the
 * pages gone, unless more than half the live rows would leave at once (see `removeGone`).
 */
export async function updateJob(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const table = entry.tableName;
  const started = Date.now();
  const tally = newTally();
  const staged = { read: 0 };
  try {
    const startedAt = await steps.run(`${table}: begin`, async () => new Date().toISOString());
    const found: Found = { readIds: new Set(), changed: 0, added: 0, edited: 0 };
    await applyEditedPages(steps, entry, tableRunId, tally, staged, found);
    await retryFiles(steps, entry, tableRunId, tally, found);
    const present = await listPresent(steps, entry, tally, found.readIds);
    const fileCounts = { filesCopied: tally.filesCopied, unsupported: tally.unsupported, skipped: tally.skipped };
    const { removed, rows, message } = await steps.run(`${table}: remove gone`, async ({ env, lock }) => {
      const { removed, rows, plan } = await removeGone(env.DB, entry, present, startedAt, lock, tableRunId);
      const synced = `Synced ${rows} rows into ${table}`;
      const message = plan.verdict === "no" ? `${synced}; ${heldMessage(plan)}` : synced;
      const counts = { added: found.added, changed: found.edited, removed, ...fileCounts };
      await finishRun(env.DB, tableRunId, { ok: true, message, counts });
      await dropStaged(env.MEDIA, steps.runId, table, staged.read);
      return { removed, rows, message };
    });
    const outcome = {
      tableName: table,
      rows,
      changed: found.changed,
      removed,
      requests: tally.requests,
      downloads: tally.downloads,
      seconds: (Date.now() - started) / 1000,
      message,
      counts: { added: found.added, changed: found.edited, removed, ...fileCounts },
    };
    logEvent("sync_table", {
      runId: tableRunId,
      table,
      message: `${message}: ${found.changed} read as edited, ${removed} removed`,
      rows,
      requests: outcome.requests,
      downloads: outcome.downloads,
      ms: Date.now() - started,
    });
    return outcome;
  } catch (err) {
    await failed(steps, table, tableRunId, staged.read, err);
    throw err;
  }
}

/** Phase 1: the pages edited since `dataSyncedAt` (less EDIT_OVERLAP_MS) into their rows, a budget's worth per step. */
async function applyEditedPages(
  steps: SyncSteps,
  entry: RegistryEntry,
  tableRunId: number,
  tally: Tally,
  staged: { read: number },
  found: Found,
): Promise<void> {
  const table = entry.tableName;
  const since = new Date(Date.parse(entry.dataSyncedAt!) - EDIT_OVERLAP_MS).toISOString();
  await walkSlices(
    steps,
    entry,
    { readStep: "read edited", sliceStep: "apply", query: { editedSince: since }, tally, staged },
    async (ctx, at, from) => {
      const made = await sliceRows(ctx, entry, at, from, async () => () => undefined);
      const recorded = recordPublication(ctx.env.DB, table, tableRunId, made.unpublished, made.ids);
      const applied = await applyEdited(ctx.env.DB, entry, made.rows, ctx.lock, recorded);
      // A draft or held page leaves the retry list: its row is not written now (a held one is read again once released).
      await settleFileRetries(
        ctx.env.DB,
        table,
        [...made.ids, ...made.unpublished.map((p) => p.id)],
        made.skipped.map((f) => f.pageId),
      );
      return { ...made, rows: made.rows.length, ...applied };
    },
    (slice) => {
      for (const id of [...slice.ids, ...slice.unpublished.map((p) => p.id)]) found.readIds.add(id);
      add(tally, slice);
      found.changed += slice.rows;
      found.added += slice.added;
      found.edited += slice.edited;
    },
  );
}

/** Phase 2: pages whose files an earlier sync could not copy read again even when unedited, RETRIES_PER_STEP per step. */
async function retryFiles(steps: SyncSteps, entry: RegistryEntry, tableRunId: number, tally: Tally, found: Found): Promise<void> {
  const table = entry.tableName;
  const retry = await steps.run(`${table}: files to retry`, async ({ env }) =>
    (await pagesToRetry(env.DB, table)).filter((id) => !found.readIds.has(id)),
  );
  for (let at = 0; at < retry.length; at += RETRIES_PER_STEP) {
    const ids = retry.slice(at, at + RETRIES_PER_STEP);
    const slice = await steps.run(`${table}: retry files ${at}`, async (ctx) => {
      const run = notionRun(ctx.env);
      const copied = { count: 0 };
      const skipped: SkippedFile[] = [];
      const unsupported: UnsupportedBlock[] = [];
      const store = { bucket: ctx.env.MEDIA, index: lookupIndex(ctx.env.DB), db: ctx.env.DB, download: run.download, copied, skipped };
      const { rows, unpublished } = await retriedRows(run, store, entry, ids, unsupported);
      const written = rows.map((r) => String(r[0]));
      const applied = await applyEdited(
        ctx.env.DB,
        entry,
        rows,
        ctx.lock,
        recordPublication(ctx.env.DB, table, tableRunId, unpublished, written),
      );
      await settleFileRetries(
        ctx.env.DB,
        table,
        ids,
        skipped.map((f) => f.pageId),
      );
      ctx.progress.pagesRead += ids.length;
      ctx.progress.rowsWritten += rows.length;
      ctx.progress.filesCopied += copied.count;
      return {
        ...applied,
        rows: rows.length,
        filesCopied: copied.count,
        unsupported,
        skipped,
        requests: run.stats.requests,
        downloads: run.stats.downloads,
      };
    });
    add(tally, slice);
    found.changed += slice.rows;
    found.edited += slice.edited;
    for (const id of ids) found.readIds.add(id);
  }
}

/** Phase 3: every page's id (title property only), a cursor page per step: the pages still in the data source. */
async function listPresent(steps: SyncSteps, entry: RegistryEntry, tally: Tally, readIds: Set<string>): Promise<Set<string>> {
  const present = new Set<string>();
  for (let cursor: string | null = null, n = 0; n === 0 || cursor; n++) {
    const at: string | null = cursor;
    const page: IdList = await steps.run(`${entry.tableName}: list ids ${n}`, async ({ env, progress }): Promise<IdList> => {
      const run = notionRun(env);
      const { pages, next } = await queryPage(run.notion, entry.dataSourceId!, at ?? undefined, { onlyProperties: [TITLE_PROPERTY_ID] });
      // Progress counts each page once: the listing reaches every page, those read in full above already counted.
      progress.pagesRead += pages.filter((p) => !readIds.has(p.id)).length;
      return { ids: pages.map((p) => p.id), next, requests: run.stats.requests };
    });
    for (const id of page.ids) present.add(id);
    tally.requests += page.requests;
    cursor = page.next;
  }
  return present;
}
