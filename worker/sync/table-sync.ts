import { notionRun } from "../notion/client";
import { canUpdateInPlace, updateTable } from "./incremental-sync";
import { keptBodies, type KeptBody } from "./kept-bodies";
import { forEachLimit } from "../notion/concurrency";
import { LOCK_TTL_MS, SYNC_LOCK, withLock, type HeldLock } from "../tables/lock";
import { mediaIndex } from "./media-index";
import { pageRow } from "./page-sync";
import { queryPages } from "../notion/query-pages";
import { upsertEntry, type RegistryEntry } from "../tables/registry";
import { createSideTable, dropSideTable, sideTableName, swapIn, writeRows } from "../tables/row-writer";
import { NotionSearchResult, readNotion } from "../notion/notion-shapes";
import { columnsFor, tooManyColumns, type ColumnSpec, type ColumnValue } from "../tables/schema";
import { bodyWhenEdited } from "./workspace";
import { searchIndexStatements } from "./search-index";
import { UpstreamError } from "../notion/upstream-error";
import type { RunTrigger, UnsupportedBlock } from "#contract/sync-runs";
import { withRun, type RunCounts, type RunResult } from "../data/sync-runs";
import type { SkippedFile } from "#contract/sync-runs";
import { fileRetryStatements } from "../data/skipped-files";
import { pageChanges } from "../tables/page-counts";
import { errorMessage } from "../lib/errors";

/** Pages worked on at once; the run's pacer keeps Notion at its average rate regardless. */
const PAGES_AT_ONCE = 8;

/** What a table sync did and cost; an update in place also says how many pages it read as edited and how many rows it removed. */
export type TableSyncOutcome = { tableName: string; rows: number; changed?: number; removed?: number; requests: number; downloads: number; seconds: number; message: string; counts: RunCounts };

/** `copyTable` holding the sync lock throughout (`lockTtlMs` for tests): a whole table copied again (after a schema change). */
export function syncTable(env: Env, entry: RegistryEntry, lockTtlMs = LOCK_TTL_MS, trigger: RunTrigger = "manual"): Promise<TableSyncOutcome> {
  return withLock(env.DB, SYNC_LOCK, (lock) => copyTable(env, entry, trigger, lock), lockTtlMs);
}

/**
 * The admin panel's Sync Data, holding the sync lock throughout (`lockTtlMs` for tests): a table synced before whose
 * schema Notion still has is updated in place (`updateTable`: edited pages only, plus an id scan for removals); any
 * other is copied whole with the entry's columns (`copyTable`).
 */
export function syncData(env: Env, entry: RegistryEntry, lockTtlMs = LOCK_TTL_MS, trigger: RunTrigger = "manual"): Promise<TableSyncOutcome> {
  return withLock(
    env.DB,
    SYNC_LOCK,
    async (lock) => {
      const current = entry.dataSourceId ? await currentColumns(env, entry.dataSourceId) : null;
      if (current && (await canUpdateInPlace(env.DB, entry, { columns: current, hasBody: entry.hasBody }))) return updateTable(env, entry, trigger, lock);
      return copyTable(env, entry, trigger, lock);
    },
    lockTtlMs,
  );
}

/** The columns Notion's current schema of a data source maps to (one request). */
async function currentColumns(env: Env, dataSourceId: string): Promise<ColumnSpec[]> {
  const run = notionRun(env);
  const source = await readNotion("a data source retrieval", NotionSearchResult, () => run.notion.dataSources.retrieve({ data_source_id: dataSourceId }));
  return columnsFor(source.properties ?? {});
}

/**
 * Reads every page of the entry's data source into a side table made with the entry's columns, then swaps it in and
 * writes the entry to the registry in one batch, so a failed sync leaves the previous table (rows and columns) in
 * place. The caller holds the sync lock and passes it as `lock`, so a sync that lost it cannot swap its table in. The
 * full sync passes an entry with the columns of Notion's current schema. A catalogue table's page bodies are read only
 * for pages edited since the live table's copy (see `keptBodies`).
 */
export function copyTable(env: Env, entry: RegistryEntry, trigger: RunTrigger = "manual", lock?: HeldLock): Promise<TableSyncOutcome> {
  return withRun(env.DB, { kind: "table", target: entry.tableName, trigger }, () => copyRows(env, entry, lock));
}

/** copyTable's work, recorded as its run: the side table filled and swapped in; on failure dropped, and the error rethrown. */
async function copyRows(env: Env, entry: RegistryEntry, lock?: HeldLock): Promise<RunResult<TableSyncOutcome>> {
  const side = sideTableName(entry.tableName);
  const run = notionRun(env);
  const skipped: SkippedFile[] = [];
  const files = { bucket: env.MEDIA, index: mediaIndex(env.DB), db: env.DB, download: run.download, copied: { count: 0 }, skipped };
  const unsupported: UnsupportedBlock[] = [];
  const elapsed = () => (Date.now() - run.startedAt) / 1000;
  // The next update reads pages edited since this run BEGAN: an edit made while it runs may be missing from it.
  const startedAt = new Date().toISOString();
  console.log(`sync: ${entry.tableName}: reading "${entry.databaseTitle}" (data source ${entry.dataSourceId})`);
  try {
    const tooWide = tooManyColumns(entry.databaseTitle, entry.columns, entry.hasBody);
    if (tooWide) throw new UpstreamError(tooWide);
    const kept: KeptBody = entry.hasBody && bodyWhenEdited(entry.tableName) ? await keptBodies(env.DB, entry.tableName) : () => undefined;
    await createSideTable(env.DB, entry.tableName, entry.columns, entry.hasBody);
    let rows = 0;
    for await (const pages of queryPages(run.notion, entry.dataSourceId!)) {
      const values: ColumnValue[][] = new Array(pages.length);
      await forEachLimit(pages, PAGES_AT_ONCE, async (p, i) => {
        values[i] = await pageRow(run, files, entry, p, unsupported, kept(p));
      });
      await writeRows(env.DB, side, entry.columns, entry.hasBody, values);
      rows += pages.length;
      console.log(`sync: ${entry.tableName}: ${rows} rows so far, ${run.stats.requests} requests, ${elapsed().toFixed(1)} s`);
    }
    const counts = { ...(await pageChanges(env.DB, entry.tableName, side)), filesCopied: files.copied.count, unsupported, skipped };
    // Every page was read: the table's retry list becomes exactly the pages whose files failed this time.
    const retries = fileRetryStatements(env.DB, entry.tableName, [], skipped.map((f) => f.pageId), true);
    await swapIn(env.DB, entry.tableName, side, [upsertEntry(env.DB, { ...entry, dataSyncedAt: startedAt }), ...searchIndexStatements(env.DB, entry), ...retries], lock);
    const message = `Synced ${rows} rows into ${entry.tableName}`;
    const outcome = { tableName: entry.tableName, rows, requests: run.stats.requests, downloads: run.stats.downloads, seconds: elapsed(), message, counts };
    console.log(`sync: ${entry.tableName}: ${message} (${outcome.requests} requests, ${outcome.downloads} file downloads, ${run.stats.retries} retries, ${outcome.seconds.toFixed(1)} s)`);
    return { outcome: { ok: true, message, counts }, value: outcome };
  } catch (err) {
    await dropSideTable(env.DB, side);
    const message = errorMessage(err);
    console.log(`sync: ${entry.tableName}: failed after ${run.stats.requests} requests, ${elapsed().toFixed(1)} s: ${message}`);
    throw err;
  }
}
