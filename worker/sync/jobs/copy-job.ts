import { listingIndexStatements } from "../../data/listing-indexes";
import { fileRetryStatements } from "../../data/skipped-files";
import { finishRun } from "../../data/sync-runs";
import type { PageLike } from "../../notion/types";
import { UpstreamError } from "../../notion/upstream-error";
import { quoteIdent } from "../../tables/naming";
import { pageChanges } from "../../tables/page-counts";
import { upsertEntry, type RegistryEntry } from "../../tables/registry";
import { createSideTable, dropSideTable, sideTableName, swapIn, writeRows } from "../../tables/row-writer";
import { tooManyColumns } from "../../tables/schema";
import { add, failed, newTally, type TableSyncOutcome } from "./job-common";
import { keptBodies, type KeptBody } from "./kept-bodies";
import { dropStaged, sliceRows } from "../pages/page-slices";
import { searchIndexStatements } from "../mapping/search-index";
import { walkSlices } from "../pages/slice-walk";
import type { SyncSteps } from "../steps/sync-steps";
import { bodyWhenEdited } from "../mapping/workspace";
import { logEvent } from "../../lib/log";

/**
 * A whole table copied again into a side table, a cursor page per read step (the next one read while the last one's
 * rows are written, see `readAhead`) and a budget's worth of pages per row step, then swapped in with its registry
 * entry in one fenced batch: until then the site answers from the previous rows, and a failed run drops the side
 * table and leaves them. Catalogue bodies are read only for pages edited since
 * the live table's copy (see `keptBodies`).
 */
export async function copyJob(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const table = entry.tableName;
  const side = sideTableName(table);
  const started = Date.now();
  const tally = newTally();
  const staged = { read: 0 };
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
    // A slice's bodies: every one read now where none are kept, none yet on a first copy (filled in later), else the live rows'.
    const kept =
      (db: D1Database) =>
      async (pages: PageLike[]): Promise<KeptBody> => {
        if (!keepBodies) return () => undefined;
        if (firstCopy) return () => null;
        return keptBodies(
          db,
          table,
          pages.map((p) => p.id),
        );
      };
    await walkSlices(
      steps,
      entry,
      { readStep: "read", sliceStep: "rows", tally, staged },
      async (ctx, at, from) => {
        const made = await sliceRows(ctx, entry, at, from, kept(ctx.env.DB));
        await writeRows(ctx.env.DB, side, entry.columns, entry.hasBody, made.rows);
        return { ...made, rows: made.rows.length, ids: [] };
      },
      (slice) => {
        add(tally, slice);
        rows += slice.rows;
      },
    );
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
        [
          upsertEntry(env.DB, { ...entry, dataSyncedAt: startedAt }),
          ...listingIndexStatements(env.DB, entry),
          ...searchIndexStatements(env.DB, entry),
          ...retries,
        ],
        lock,
      );
      const counts = { ...changes, filesCopied: tally.filesCopied, unsupported: tally.unsupported, skipped: tally.skipped };
      const message = `Synced ${rows} rows into ${table}`;
      await finishRun(env.DB, tableRunId, { ok: true, message, counts });
      await dropStaged(env.MEDIA, steps.runId, table, staged.read);
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
    logEvent("sync_table", {
      runId: tableRunId,
      table,
      message: outcome.message,
      rows,
      requests: outcome.requests,
      downloads: outcome.downloads,
      ms: Date.now() - started,
    });
    return outcome;
  } catch (err) {
    await failed(steps, table, tableRunId, staged.read, err, (env) => dropSideTable(env.DB, side));
    throw err;
  }
}

/** Whether the live table exists and holds a row (a first copy reads no bodies). */
async function hasRows(db: D1Database, table: string): Promise<boolean> {
  const exists = await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(table).first();
  return exists !== null && (await db.prepare(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`).first()) !== null;
}
