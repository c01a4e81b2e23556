import { notionRun } from "./client";
import { forEachLimit } from "./concurrency";
import { LOCK_TTL_MS, SYNC_LOCK, withLock, type HeldLock } from "./lock";
import { mediaIndex } from "./media-index";
import { pageRow } from "./page-sync";
import { queryPages } from "./query-pages";
import type { ColumnValue } from "./properties";
import { upsertEntry, type RegistryEntry } from "./registry";
import { createSideTable, dropSideTable, sideTableName, swapIn, writeRows } from "./row-writer";
import { tooManyColumns } from "./schema";
import { searchIndexStatements } from "./search-index";
import { UpstreamError } from "./upstream-error";
import { finishRun, startRun, type RunCounts, type RunTrigger, type UnsupportedBlock } from "../data/sync-runs";
import { pageChanges } from "./page-counts";

/** Pages worked on at once; the run's pacer keeps Notion at its average rate regardless. */
const PAGES_AT_ONCE = 8;

/** What a table sync did and cost. */
export type TableSyncOutcome = { tableName: string; rows: number; requests: number; downloads: number; seconds: number; message: string; counts: RunCounts };

/** `copyTable` holding the sync lock throughout (`lockTtlMs` for tests): the admin panel's Sync Data. */
export function syncTable(env: Env, entry: RegistryEntry, lockTtlMs = LOCK_TTL_MS, trigger: RunTrigger = "manual"): Promise<TableSyncOutcome> {
  return withLock(env.DB, SYNC_LOCK, (lock) => copyTable(env, entry, trigger, lock), lockTtlMs);
}

/**
 * Reads every page of the entry's data source into a side table made with the entry's columns, then swaps it in and
 * writes the entry to the registry in one batch, so a failed sync leaves the previous table (rows and columns) in
 * place. The caller holds the sync lock and passes it as `lock`, so a sync that lost it cannot swap its table in. The
 * full sync passes an entry with the columns of Notion's current schema.
 */
export async function copyTable(env: Env, entry: RegistryEntry, trigger: RunTrigger = "manual", lock?: HeldLock): Promise<TableSyncOutcome> {
  const runId = await startRun(env.DB, "table", entry.tableName, trigger);
  const side = sideTableName(entry.tableName);
  const run = notionRun(env);
  const files = { bucket: env.MEDIA, index: mediaIndex(env.MEDIA), db: env.DB, download: run.download, copied: { count: 0 } };
  const unsupported: UnsupportedBlock[] = [];
  const elapsed = () => (Date.now() - run.startedAt) / 1000;
  console.log(`sync: ${entry.tableName}: reading "${entry.databaseTitle}" (data source ${entry.dataSourceId})`);
  try {
    const tooWide = tooManyColumns(entry.databaseTitle, entry.columns, entry.hasBody);
    if (tooWide) throw new UpstreamError(tooWide);
    await createSideTable(env.DB, entry.tableName, entry.columns, entry.hasBody);
    let rows = 0;
    for await (const pages of queryPages(run.notion, entry.dataSourceId!)) {
      const values: ColumnValue[][] = new Array(pages.length);
      await forEachLimit(pages, PAGES_AT_ONCE, async (p, i) => {
        values[i] = await pageRow(run, files, entry, p, unsupported);
      });
      await writeRows(env.DB, side, entry.columns, entry.hasBody, values);
      rows += pages.length;
      console.log(`sync: ${entry.tableName}: ${rows} rows so far, ${run.stats.requests} requests, ${elapsed().toFixed(1)} s`);
    }
    const counts = { ...(await pageChanges(env.DB, entry.tableName, side)), filesCopied: files.copied.count, unsupported };
    await swapIn(env.DB, entry.tableName, side, [upsertEntry(env.DB, { ...entry, dataSyncedAt: new Date().toISOString() }), ...searchIndexStatements(env.DB, entry)], lock);
    const message = `Synced ${rows} rows into ${entry.tableName}`;
    const outcome = { tableName: entry.tableName, rows, requests: run.stats.requests, downloads: run.stats.downloads, seconds: elapsed(), message, counts };
    console.log(`sync: ${entry.tableName}: ${message} (${outcome.requests} requests, ${outcome.downloads} file downloads, ${run.stats.retries} retries, ${outcome.seconds.toFixed(1)} s)`);
    await finishRun(env.DB, runId, { ok: true, message, counts });
    return outcome;
  } catch (err) {
    await dropSideTable(env.DB, side);
    const message = err instanceof Error ? err.message : String(err);
    console.log(`sync: ${entry.tableName}: failed after ${run.stats.requests} requests, ${elapsed().toFixed(1)} s: ${message}`);
    await finishRun(env.DB, runId, { ok: false, message });
    throw err;
  }
}
