import { listingIndexStatements } from "../../data/listing-indexes";
import { fileRetryStatements } from "../../data/skipped-files";
import { finishRun } from "../../data/sync-runs";
import type { PageLike } from "../../notion/types";
import { UpstreamError } from "../../notion/upstream-error";
import { quoteIdent } from "../../tables/naming";
import { pageChanges } from "../../tables/page-counts";
import { upsertEntry, type RegistryEntry } from "../../tables/registry";
import {
  columnNames,
  createSideTable,
  dropSideTable,
  insertStatements,
  keepLiveRows,
  sideTableName,
  swapIn,
} from "../../tables/row-writer";
import { tableColumns, tooManyColumns } from "../../tables/schema";
import { forgetUnseen, recordPublication, unpublishedPages } from "../../data/unpublished-pages";
import { heldMessage, planRemovals, planStatements, type RemovalPlan } from "./removal-guard";
import { failed, type TableSyncOutcome } from "./job-common";
import { keptBodies, type KeptBody } from "../pages/kept-bodies";
import { dropStaged, sliceRows } from "../pages/page-slices";
import { searchIndexStatements } from "../mapping/search-index";
import { add, newTally, walkSlices } from "../pages/slice-walk";
import type { SyncSteps } from "../steps/sync-steps";
import { bodyWhenEdited } from "../mapping/workspace";
import { logEvent } from "../../lib/log";

/**
 * A whole table copied again into a side table, a cursor page per read step (the next one read while the last one's
 * rows are written, see `readAhead`) and a budget's worth of pages per row step, then swapped in with its registry
 * entry in one fenced batch: until then the site answers from the previous rows, and a failed run drops the side
 * table and leaves them. Catalogue bodies are read only for pages edited since
 * the live table's copy (see `keptBodies`). A draft gets no row; a held page keeps its live row as it is; and when
 * more than half the live rows would leave at once, they are all kept until the operator confirms (`planRemovals`).
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
    const sideColumns = tableColumns(entry.columns, entry.hasBody);
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
        const db = ctx.env.DB;
        const made = await sliceRows(ctx, entry, at, from, kept(db));
        const held = made.unpublished.filter((p) => p.state === "held").map((p) => p.id);
        const keepHeld = held.length && !firstCopy ? [keepLiveRows(db, table, await columnNames(db, table), sideColumns, held)] : [];
        const writes = [
          ...insertStatements(db, side, sideColumns, made.rows),
          ...keepHeld,
          ...recordPublication(db, table, tableRunId, made.unpublished, made.ids),
        ];
        if (writes.length) await db.batch(writes);
        return { ...made, rows: made.rows.length, ids: [], unpublished: [] };
      },
      (slice) => add(tally, slice),
    );
    const swapped = await steps.run(`${table}: swap in`, async ({ env, lock }) => {
      const plan = firstCopy ? null : await removals(env.DB, entry, tableRunId);
      // Held back: every live row the copy lacks goes in as it is, so nothing leaves the site.
      if (plan?.verdict === "no") await keepLiveRows(env.DB, table, await columnNames(env.DB, table), sideColumns, null).run();
      const changes = await pageChanges(env.DB, table, side);
      // The rows going live: those written, and the held ones (or every leaving one) kept as they were.
      const rows = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${quoteIdent(side)}`).first<{ n: number }>())?.n ?? 0;
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
          forgetUnseen(env.DB, table, tableRunId),
          ...(plan ? planStatements(env.DB, plan) : []),
        ],
        lock,
      );
      const counts = { ...changes, filesCopied: tally.filesCopied, unsupported: tally.unsupported, skipped: tally.skipped };
      const message = copiedMessage(rows, table, plan);
      await finishRun(env.DB, tableRunId, { ok: true, message, counts });
      await dropStaged(env.MEDIA, steps.runId, table, staged.read);
      return { counts, message, rows };
    });
    const { counts, message, rows } = swapped;
    const outcome = {
      tableName: table,
      rows,
      requests: tally.requests,
      downloads: tally.downloads,
      seconds: (Date.now() - started) / 1000,
      message,
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

/** The run's line for a copy: its rows, and a removal it held back. */
function copiedMessage(rows: number, table: string, plan: RemovalPlan | null): string {
  const synced = `Synced ${rows} rows into ${table}`;
  return plan?.verdict === "no" ? `${synced}; ${heldMessage(plan)}` : synced;
}

/** The live rows the side table lacks (pages gone from Notion, and drafts), planned against the removal guard. */
async function removals(db: D1Database, entry: RegistryEntry, runId: number): Promise<RemovalPlan> {
  const [live, side] = [quoteIdent(entry.tableName), quoteIdent(sideTableName(entry.tableName))];
  const { results } = await db
    .prepare(
      `SELECT id, (SELECT COUNT(*) FROM ${live}) AS total FROM ${live} o WHERE NOT EXISTS (SELECT 1 FROM ${side} n WHERE n.id = o.id)`,
    )
    .all<{ id: string; total: number }>();
  const liveCount = results[0]?.total ?? 0;
  const recorded = results.length ? await unpublishedPages(db, entry.tableName) : new Map();
  const unpublished = results.filter((r) => recorded.get(r.id) === "draft").length;
  return planRemovals(db, entry, { live: liveCount, leaving: results.length, unpublished }, runId);
}

/** Whether the live table exists and holds a row (a first copy reads no bodies). */
async function hasRows(db: D1Database, table: string): Promise<boolean> {
  const exists = await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(table).first();
  return exists !== null && (await db.prepare(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`).first()) !== null;
}
