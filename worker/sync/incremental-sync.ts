import type { RunTrigger, UnsupportedBlock } from "#contract/sync-runs";
import { withRun, type RunResult } from "../data/sync-runs";
import { notionRun } from "../notion/client";
import { forEachLimit } from "../notion/concurrency";
import type { SkippedFile } from "#contract/sync-runs";
import { settleFileRetries } from "../data/skipped-files";
import { retriedRows } from "./file-retries";
import { lookupIndex } from "./media-index";
import { quoteIdent } from "../tables/naming";
import { applyPageChanges } from "./page-changes";
import type { HeldLock } from "../tables/lock";
import { pageRow } from "./page-sync";
import { queryPages } from "../notion/query-pages";
import type { RegistryEntry } from "../tables/registry";
import { tableColumns, type ColumnSpec, type ColumnValue } from "../tables/schema";
import type { TableSyncOutcome } from "./table-sync";
import { errorMessage } from "../lib/errors";

/** Pages worked on at once; the run's pacer keeps Notion at its average rate regardless. */
const PAGES_AT_ONCE = 8;

/** How far before the last sync's start pages are read again: Notion rounds `last_edited_time` down to the minute. */
export const EDIT_OVERLAP_MS = 5 * 60_000;

/** Notion's id of a data source's title property (the same in every data source). */
const TITLE_PROPERTY_ID = "title";

const sameColumns = (a: ColumnSpec[], b: ColumnSpec[]) =>
  a.length === b.length && a.every((c, i) => c.property === b[i].property && c.column === b[i].column && c.type === b[i].type);

/**
 * Whether `entry`'s table can be brought up to date in place: it was synced before, Notion's current schema still
 * maps to the entry's columns (`current`), and the live table has exactly those columns. Otherwise a full copy is due.
 */
export async function canUpdateInPlace(db: D1Database, entry: RegistryEntry, current: { columns: ColumnSpec[]; hasBody: boolean }): Promise<boolean> {
  if (!entry.dataSyncedAt || !entry.dataSourceId || entry.hasBody !== current.hasBody || !sameColumns(entry.columns, current.columns)) return false;
  const { results } = await db.prepare("SELECT name FROM pragma_table_info(?1)").bind(entry.tableName).all<{ name: string }>();
  const live = results.map((r) => r.name);
  const wanted = tableColumns(entry.columns, entry.hasBody);
  return live.length === wanted.length && live.every((name, i) => name === wanted[i]);
}

/**
 * Brings a table synced before up to date without copying it: reads only the pages edited since the last sync began
 * (less EDIT_OVERLAP_MS) into their rows (files copied only when `media_files` lacks them, bodies read for those pages
 * only), and the pages whose files an earlier sync could not copy (`retriedRows`), then
 * lists every page's id (title property only) and removes the rows of pages no longer there (deleted, in the trash,
 * moved away). Records this run's START as the next watermark, so an edit made while it runs is read next time.
 * The caller holds the sync lock (passed as `lock`: a sync that lost it writes nothing) and has checked `canUpdateInPlace`.
 */
export function updateTable(env: Env, entry: RegistryEntry, trigger: RunTrigger = "manual", lock?: HeldLock): Promise<TableSyncOutcome> {
  return withRun(env.DB, { kind: "table", target: entry.tableName, trigger }, () => updateRows(env, entry, lock));
}

/** updateTable's work, recorded as its run: edited pages written in place, rows of pages gone removed. */
async function updateRows(env: Env, entry: RegistryEntry, lock?: HeldLock): Promise<RunResult<TableSyncOutcome>> {
  const startedAt = new Date().toISOString();
  const run = notionRun(env);
  const skipped: SkippedFile[] = [];
  const files = { bucket: env.MEDIA, index: lookupIndex(env.DB), db: env.DB, download: run.download, copied: { count: 0 }, skipped };
  const unsupported: UnsupportedBlock[] = [];
  const elapsed = () => (Date.now() - run.startedAt) / 1000;
  const since = new Date(Date.parse(entry.dataSyncedAt!) - EDIT_OVERLAP_MS).toISOString();
  console.log(`sync: ${entry.tableName}: reading "${entry.databaseTitle}" pages edited since ${since}`);
  try {
    let changed = 0;
    let added = 0;
    let edited = 0;
    const read = new Set<string>();
    for await (const pages of queryPages(run.notion, entry.dataSourceId!, { editedSince: since })) {
      const rows: ColumnValue[][] = new Array(pages.length);
      await forEachLimit(pages, PAGES_AT_ONCE, async (p, i) => {
        rows[i] = await pageRow(run, files, entry, p, unsupported);
      });
      const stored = await storedEditTimes(env.DB, entry.tableName, rows.map((r) => String(r[0])));
      // Pages re-read only because of the overlap window are not changes.
      added += rows.filter((r) => !stored.has(String(r[0]))).length;
      edited += rows.filter((r) => stored.has(String(r[0])) && stored.get(String(r[0])) !== r[2]).length;
      await applyPageChanges(env.DB, [{ entry, rows }], [], lock);
      changed += pages.length;
      for (const p of pages) read.add(p.id);
    }
    // Pages whose files an earlier sync could not copy are read again even when unedited.
    const retried = await retriedRows(run, files, entry, read, unsupported);
    if (retried.rows.length) await applyPageChanges(env.DB, [{ entry, rows: retried.rows }], [], lock);
    await settleFileRetries(env.DB, entry.tableName, [...read, ...retried.read], skipped.map((f) => f.pageId));
    const present = new Set<string>();
    for await (const pages of queryPages(run.notion, entry.dataSourceId!, { onlyProperties: [TITLE_PROPERTY_ID] })) for (const p of pages) present.add(p.id);
    const gone = (await liveIds(env.DB, entry.tableName)).filter((id) => !present.has(id));
    await applyPageChanges(env.DB, [], gone, lock, [env.DB.prepare("UPDATE sync_tables SET data_synced_at = ? WHERE table_name = ?").bind(startedAt, entry.tableName)]);
    const rows = present.size;
    const message = `Synced ${rows} rows into ${entry.tableName}`;
    const counts = { added, changed: edited, removed: gone.length, filesCopied: files.copied.count, unsupported, skipped };
    const outcome = { tableName: entry.tableName, rows, changed, removed: gone.length, requests: run.stats.requests, downloads: run.stats.downloads, seconds: elapsed(), message, counts };
    console.log(
      `sync: ${entry.tableName}: ${message}: ${changed} read as edited, ${gone.length} removed (${outcome.requests} requests, ${outcome.downloads} file downloads, ${outcome.seconds.toFixed(1)} s)`,
    );
    return { outcome: { ok: true, message, counts }, value: outcome };
  } catch (err) {
    const message = errorMessage(err);
    console.log(`sync: ${entry.tableName}: update failed after ${run.stats.requests} requests, ${elapsed().toFixed(1)} s: ${message}`);
    throw err;
  }
}

/** Every row id of a live table. */
async function liveIds(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare(`SELECT id FROM ${quoteIdent(table)}`).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The stored `last_edited_time` of each of `ids` the live table holds. */
async function storedEditTimes(db: D1Database, table: string, ids: string[]): Promise<Map<string, unknown>> {
  const { results } = await db
    .prepare(`SELECT id, last_edited_time FROM ${quoteIdent(table)} WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<{ id: string; last_edited_time: unknown }>();
  return new Map(results.map((r) => [r.id, r.last_edited_time]));
}
