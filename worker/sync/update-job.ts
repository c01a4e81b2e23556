import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { pagesToRetry, settleFileRetries } from "../data/skipped-files";
import { finishRun } from "../data/sync-runs";
import { notionRun } from "../notion/client";
import { queryPage } from "../notion/query-pages";
import type { RegistryEntry } from "../tables/registry";
import { retriedRows } from "./file-retries";
import { EDIT_OVERLAP_MS, applyEdited, removeGone } from "./incremental-sync";
import { add, failed, newTally, type TableSyncOutcome } from "./job-common";
import { lookupIndex } from "./media-index";
import { dropStaged, readAndStage, sliceRows, stageKey } from "./page-slices";
import { readAhead } from "./read-ahead";
import type { SyncSteps } from "./sync-steps";
import { logEvent } from "../lib/log";

/** Notion's id of a data source's title property (the same in every data source). */
const TITLE_PROPERTY_ID = "title";

type IdList = { ids: string[]; next: string | null; requests: number };
/** Pages whose files failed before that one step reads again (each a page read plus its files). */
const RETRIES_PER_STEP = 5;

/**
 * Brings a table synced before up to date without copying it: reads only the pages edited since the last sync began
 * (less EDIT_OVERLAP_MS) into their rows, a budget's worth per step (the next cursor page read meanwhile), then
 * lists every page's id (title property only) a cursor page per step and removes the rows of pages no longer there, recording this run's START as the next
 * watermark. The caller has checked `canUpdateInPlace`.
 */
export async function updateJob(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const table = entry.tableName;
  const started = Date.now();
  const since = new Date(Date.parse(entry.dataSyncedAt!) - EDIT_OVERLAP_MS).toISOString();
  const tally = newTally();
  let read = 0;
  try {
    const startedAt = await steps.run(`${table}: begin`, async () => new Date().toISOString());
    let changed = 0;
    let added = 0;
    let edited = 0;
    const readIds = new Set<string>();
    await readAhead(
      async (n, at) => {
        // Counted as it starts: a failure drops whatever a read under way staged.
        read = n + 1;
        const key = stageKey(steps.runId, table, n);
        const page = await steps.run(`${table}: read edited ${n}`, (ctx) => readAndStage(ctx, entry, key, at, { editedSince: since }));
        tally.requests += page.requests;
        return page;
      },
      async (page, n) => {
        const key = stageKey(steps.runId, table, n);
        for (let from = 0; from < page.count;) {
          const slice = await steps.run(`${table}: apply ${n}.${from}`, async (ctx) => {
            const made = await sliceRows(ctx, entry, { key, etag: page.etag }, from, async () => () => undefined);
            const applied = await applyEdited(ctx.env.DB, entry, made.rows, ctx.lock);
            await settleFileRetries(
              ctx.env.DB,
              table,
              made.ids,
              made.skipped.map((f) => f.pageId),
            );
            return { ...made, rows: made.rows.length, ...applied };
          });
          for (const id of slice.ids) readIds.add(id);
          add(tally, slice);
          changed += slice.rows;
          added += slice.added;
          edited += slice.edited;
          from = slice.to;
        }
      },
    );
    // Pages whose files an earlier sync could not copy are read again even when unedited, a few per step.
    const retry = await steps.run(`${table}: files to retry`, async ({ env }) =>
      (await pagesToRetry(env.DB, table)).filter((id) => !readIds.has(id)),
    );
    for (let at = 0; at < retry.length; at += RETRIES_PER_STEP) {
      const ids = retry.slice(at, at + RETRIES_PER_STEP);
      const slice = await steps.run(`${table}: retry files ${at}`, async (ctx) => {
        const run = notionRun(ctx.env);
        const copied = { count: 0 };
        const skipped: SkippedFile[] = [];
        const unsupported: UnsupportedBlock[] = [];
        const store = { bucket: ctx.env.MEDIA, index: lookupIndex(ctx.env.DB), db: ctx.env.DB, download: run.download, copied, skipped };
        const { rows } = await retriedRows(run, store, entry, ids, unsupported);
        const applied = await applyEdited(ctx.env.DB, entry, rows, ctx.lock);
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
      changed += slice.rows;
      edited += slice.edited;
      for (const id of ids) readIds.add(id);
    }
    const present = new Set<string>();
    for (let cursor: string | null = null, n = 0; n === 0 || cursor; n++) {
      const at: string | null = cursor;
      const page: IdList = await steps.run(`${table}: list ids ${n}`, async ({ env, progress }): Promise<IdList> => {
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
    const message = `Synced ${present.size} rows into ${table}`;
    const removed = await steps.run(`${table}: remove gone`, async ({ env, lock }) => {
      const gone = await removeGone(env.DB, entry, present, startedAt, lock);
      await finishRun(env.DB, tableRunId, {
        ok: true,
        message,
        counts: {
          added,
          changed: edited,
          removed: gone,
          filesCopied: tally.filesCopied,
          unsupported: tally.unsupported,
          skipped: tally.skipped,
        },
      });
      await dropStaged(env.MEDIA, steps.runId, table, read);
      return gone;
    });
    const counts = {
      added,
      changed: edited,
      removed,
      filesCopied: tally.filesCopied,
      unsupported: tally.unsupported,
      skipped: tally.skipped,
    };
    const outcome = {
      tableName: table,
      rows: present.size,
      changed,
      removed,
      requests: tally.requests,
      downloads: tally.downloads,
      seconds: (Date.now() - started) / 1000,
      message,
      counts,
    };
    logEvent("sync_table", {
      runId: tableRunId,
      table,
      message: `${message}: ${changed} read as edited, ${removed} removed`,
      rows: present.size,
      requests: outcome.requests,
      downloads: outcome.downloads,
      ms: Date.now() - started,
    });
    return outcome;
  } catch (err) {
    await failed(steps, table, tableRunId, read, err);
    throw err;
  }
}
