import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { fileRetryStatements, pagesToRetry, settleFileRetries } from "../data/skipped-files";
import { finishRun, type RunCounts } from "../data/sync-runs";
import { errorMessage } from "../lib/errors";
import { retriedRows } from "./file-retries";
import { afterSync } from "./after-sync";
import { canUpdateInPlace, EDIT_OVERLAP_MS, applyEdited, removeGone } from "./incremental-sync";
import { keptBodies, type KeptBody } from "./kept-bodies";
import type { PageLike } from "../notion/types";
import { quoteIdent } from "../tables/naming";
import { pageChanges } from "../tables/page-counts";
import { lookupIndex } from "./media-index";
import { dropStaged, readAndStage, sliceRows, stageKey, type ReadResult } from "./page-slices";
import { notionRun } from "../notion/client";
import { queryPage } from "../notion/query-pages";
import { upsertEntry, type RegistryEntry } from "../tables/registry";
import { createSideTable, dropSideTable, sideTableName, swapIn, writeRows } from "../tables/row-writer";
import { NotionSearchResult, readNotion } from "../notion/notion-shapes";
import { columnsFor, tooManyColumns } from "../tables/schema";
import { searchIndexStatements } from "./search-index";
import type { SyncSteps } from "./sync-steps";
import { UpstreamError, upstreamMessage } from "../notion/upstream-error";
import { bodyWhenEdited } from "./workspace";

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

/** Notion's id of a data source's title property (the same in every data source). */
const TITLE_PROPERTY_ID = "title";

/** The message a failed sync records: Notion's own for an upstream failure (without the engine's prefix for a step it did not retry). */
export const failureMessage = (err: unknown) => (upstreamMessage(err) ?? errorMessage(err)).replace(/^NonRetryableError: /, "");

type IdList = { ids: string[]; next: string | null; requests: number };
type Tally = { requests: number; downloads: number; filesCopied: number; unsupported: UnsupportedBlock[]; skipped: SkippedFile[] };
const newTally = (): Tally => ({ requests: 0, downloads: 0, filesCopied: 0, unsupported: [], skipped: [] });

/** Pages whose files failed before that one step reads again (each a page read plus its files). */
const RETRIES_PER_STEP = 5;

/**
 * Sync Data's choice (one request for the current schema): an update in place for a table synced before whose schema
 * Notion still has, else a full copy. Records the outcome on `tableRunId`; throws what failed, the tables untouched.
 */
export async function dataJob(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const inPlace = await steps.run(`${entry.tableName}: plan`, async ({ env }) => {
    if (!entry.dataSourceId) return false;
    const run = notionRun(env);
    const source = await readNotion("a data source retrieval", NotionSearchResult, () =>
      run.notion.dataSources.retrieve({ data_source_id: entry.dataSourceId! }),
    );
    return canUpdateInPlace(env.DB, entry, { columns: columnsFor(source.properties ?? {}), hasBody: entry.hasBody });
  });
  return inPlace ? updateJob(steps, entry, tableRunId) : copyJob(steps, entry, tableRunId);
}

/** Sync Data as a whole run: `dataJob`, then (once it succeeded) the cache purge and the site rebuild request. */
export async function dataSyncRun(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const outcome = await dataJob(steps, entry, tableRunId);
  await steps.run("after sync", ({ env }) => afterSync(env, undefined, { kind: "table", target: entry.tableName }));
  return outcome;
}

/**
 * A whole table copied again into a side table, a cursor page per read step and a budget's worth of pages per row
 * step, then swapped in with its registry entry in one fenced batch: until then the site answers from the previous
 * rows, and a failed run drops the side table and leaves them. Catalogue bodies are read only for pages edited since
 * the live table's copy (see `keptBodies`).
 */
export async function copyJob(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const table = entry.tableName;
  const side = sideTableName(table);
  const started = Date.now();
  const tally = newTally();
  let read = 0;
  try {
    // The next update reads pages edited since this run BEGAN: an edit made while it runs may be missing from it.
    const startedAt = await steps.run(`${table}: prepare`, async ({ env }) => {
      const tooWide = tooManyColumns(entry.databaseTitle, entry.columns, entry.hasBody);
      if (tooWide) throw new UpstreamError(tooWide);
      await createSideTable(env.DB, table, entry.columns, entry.hasBody);
      return new Date().toISOString();
    });
    const firstCopy = await steps.run(`${table}: live rows`, async ({ env }) => !(await hasRows(env.DB, table)));
    const keepBodies = entry.hasBody && bodyWhenEdited(table);
    let rows = 0;
    for (let cursor: string | null = null, n = 0; n === 0 || cursor; n++) {
      const key = stageKey(steps.runId, table, n);
      const at: string | null = cursor;
      const page: ReadResult = await steps.run(`${table}: read ${n}`, (ctx) => readAndStage(ctx, entry, key, at));
      read = n + 1;
      tally.requests += page.requests;
      for (let from = 0; from < page.count;) {
        const slice = await steps.run(`${table}: rows ${n}.${from}`, async (ctx) => {
          const kept = async (pages: PageLike[]): Promise<KeptBody> =>
            !keepBodies
              ? () => undefined
              : firstCopy
                ? () => null
                : keptBodies(
                    ctx.env.DB,
                    table,
                    pages.map((p) => p.id),
                  );
          const made = await sliceRows(ctx, entry, key, from, kept);
          await writeRows(ctx.env.DB, side, entry.columns, entry.hasBody, made.rows);
          return { ...made, rows: made.rows.length, ids: [] };
        });
        add(tally, slice);
        rows += slice.rows;
        from = slice.to;
      }
      cursor = page.next;
    }
    const counts = await steps.run(`${table}: swap in`, async ({ env, lock }) => {
      const changes = await pageChanges(env.DB, table, side);
      // Every page was read: the table's retry list becomes exactly the pages whose files failed this time.
      const retries = fileRetryStatements(
        env.DB,
        table,
        [],
        tally.skipped.map((f) => f.pageId),
        true,
      );
      await swapIn(
        env.DB,
        table,
        side,
        [upsertEntry(env.DB, { ...entry, dataSyncedAt: startedAt }), ...searchIndexStatements(env.DB, entry), ...retries],
        lock,
      );
      const counts = { ...changes, filesCopied: tally.filesCopied, unsupported: tally.unsupported, skipped: tally.skipped };
      const message = `Synced ${rows} rows into ${table}`;
      await finishRun(env.DB, tableRunId, { ok: true, message, counts });
      await dropStaged(env.MEDIA, steps.runId, table, read);
      return counts;
    });
    const outcome = {
      tableName: table,
      rows,
      requests: tally.requests,
      downloads: tally.downloads,
      seconds: (Date.now() - started) / 1000,
      message: `Synced ${rows} rows into ${table}`,
      counts,
    };
    console.log(
      `sync: ${table}: ${outcome.message} (${outcome.requests} requests, ${outcome.downloads} file downloads, ${outcome.seconds.toFixed(1)} s)`,
    );
    return outcome;
  } catch (err) {
    await failed(steps, table, tableRunId, read, err, (env) => dropSideTable(env.DB, side));
    throw err;
  }
}

/**
 * Brings a table synced before up to date without copying it: reads only the pages edited since the last sync began
 * (less EDIT_OVERLAP_MS) into their rows, a budget's worth per step, then lists every page's id (title property only)
 * a cursor page per step and removes the rows of pages no longer there, recording this run's START as the next
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
    for (let cursor: string | null = null, n = 0; n === 0 || cursor; n++) {
      const key = stageKey(steps.runId, table, n);
      const at: string | null = cursor;
      const page: ReadResult = await steps.run(`${table}: read edited ${n}`, (ctx) =>
        readAndStage(ctx, entry, key, at, { editedSince: since }),
      );
      read = n + 1;
      tally.requests += page.requests;
      for (let from = 0; from < page.count;) {
        const slice = await steps.run(`${table}: apply ${n}.${from}`, async (ctx) => {
          const made = await sliceRows(ctx, entry, key, from, async () => () => undefined);
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
      cursor = page.next;
    }
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
    }
    const present = new Set<string>();
    for (let cursor: string | null = null, n = 0; n === 0 || cursor; n++) {
      const at: string | null = cursor;
      const page: IdList = await steps.run(`${table}: list ids ${n}`, async ({ env }): Promise<IdList> => {
        const run = notionRun(env);
        const { pages, next } = await queryPage(run.notion, entry.dataSourceId!, at ?? undefined, { onlyProperties: [TITLE_PROPERTY_ID] });
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
    console.log(
      `sync: ${table}: ${message}: ${changed} read as edited, ${removed} removed (${outcome.requests} requests, ${outcome.downloads} file downloads, ${outcome.seconds.toFixed(1)} s)`,
    );
    return outcome;
  } catch (err) {
    await failed(steps, table, tableRunId, read, err);
    throw err;
  }
}

function add(
  tally: Tally,
  slice: { requests: number; downloads: number; filesCopied: number; unsupported: UnsupportedBlock[]; skipped: SkippedFile[] },
): void {
  tally.requests += slice.requests;
  tally.downloads += slice.downloads;
  tally.filesCopied += slice.filesCopied;
  tally.unsupported.push(...slice.unsupported);
  tally.skipped.push(...slice.skipped);
}

/** Whether the live table exists and holds a row (a first copy reads no bodies). */
async function hasRows(db: D1Database, table: string): Promise<boolean> {
  const exists = await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(table).first();
  return exists !== null && (await db.prepare(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`).first()) !== null;
}

/** Records a table sync's failure, after `undo` (the side table) and the staged pages are dropped (best effort). */
async function failed(
  steps: SyncSteps,
  table: string,
  tableRunId: number,
  read: number,
  err: unknown,
  undo?: (env: Env) => Promise<void>,
): Promise<void> {
  const message = failureMessage(err);
  console.log(`sync: ${table}: failed: ${message}`);
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
