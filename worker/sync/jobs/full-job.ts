import type { SyncAllSummary, SyncAllTable } from "#contract/admin-api";
import type { RunTrigger } from "#contract/sync-runs";
import { finishRun, startRun, type RunCounts } from "../../data/sync-runs";
import { afterSync } from "../publish/after-sync";
import { BODIES_PER_RUN, BODIES_PER_STEP, backfillBodies } from "./body-backfill";
import { REREAD_BODIES_PER_RUN, rereadBodies } from "./body-reread";
import { notionRun } from "../../notion/client";
import { forEachLimit } from "../../notion/concurrency";
import { duplicateMessage, lookUp } from "../../notion/find-databases";
import { findCatalogue } from "./find-catalogue";
import { canUpdateInPlace } from "./incremental-sync";
import { readEntry, registerIfAbsent, type RegistryEntry } from "../../tables/registry";
import { columnsFor } from "../../tables/schema";
import { missingMessage, placeholderEntry } from "./schema-job";
import type { SyncSteps } from "../steps/sync-steps";
import { copyJob } from "./copy-job";
import { failureMessage } from "../steps/run-ended";
import { updateJob } from "./update-job";
import { upstreamMessage } from "../../notion/upstream-error";
import { CONTRACT_DATABASES } from "../mapping/workspace";
import { logEvent } from "../../lib/log";

/** Tables synced at once by the full sync. */
const TABLES_AT_ONCE = 2;

/** What the search step found for one contract table: the entry to sync it with, or why it cannot be. */
type TablePlan = { tableName: string; databaseTitle: string; entry: RegistryEntry | null; message: string; bodyWhenEdited: boolean };

/**
 * The nightly cron's, the launcher's and the admin panel's full sync, as steps of run `steps.runId`: one search, then
 * per table either an update in place (a table synced before whose schema is unchanged) or a side table made with the
 * database's current schema, filled and swapped in, so the site answers from the previous rows until then. Nothing
 * is dropped: a table whose database search did not return, whose title several databases share, or whose sync fails
 * keeps its rows and is reported; the rest still run (TABLES_AT_ONCE at a time). The site is rebuilt only when every
 * table synced. A `reason` leads the run's recorded message (why this full sync ran).
 */
export async function fullJob(steps: SyncSteps, trigger: RunTrigger, reason?: string): Promise<SyncAllSummary> {
  const because = (message: string) => (reason ? `${reason}: ${message}` : message);
  const started = Date.now();
  try {
    const search = await steps.run("search", ({ env }) => planTables(env));
    let requests = search.requests;
    const tables: SyncAllTable[] = new Array(search.plans.length);
    const counts: (RunCounts | undefined)[] = new Array(search.plans.length);
    // A few tables at once, so Notion is not idle while a table prepares, writes its last rows and swaps in; the
    // isolate's pacer keeps them together at Notion's rate. The summary keeps the plans' order.
    await forEachLimit(search.plans, TABLES_AT_ONCE, async (plan, i) => {
      const table = { tableName: plan.tableName, databaseTitle: plan.databaseTitle };
      const entry = plan.entry;
      if (!entry) {
        tables[i] = { ...table, ok: false, message: plan.message };
        return;
      }
      try {
        const start = await steps.run(`${plan.tableName}: start`, async ({ env }) => {
          const registered = await readEntry(env.DB, plan.tableName);
          const inPlace = registered?.dataSourceId === entry.dataSourceId && (await canUpdateInPlace(env.DB, registered, entry));
          return { runId: await startRun(env.DB, "table", plan.tableName, trigger), registered: inPlace ? registered : null };
        });
        const outcome = start.registered ? await updateJob(steps, start.registered, start.runId) : await copyJob(steps, entry, start.runId);
        // Only on tables synced before: a first copy stays at its floor of one query per 100 pages.
        if (start.registered && plan.bodyWhenEdited) requests += await fillBodies(steps, entry);
        requests += outcome.requests;
        tables[i] = { ...table, ok: true, rows: outcome.rows, seconds: outcome.seconds, message: outcome.message };
        counts[i] = outcome.counts;
      } catch (err) {
        tables[i] = {
          ...table,
          ok: false,
          message: failureMessage(err, { database: plan.databaseTitle, nextTry: steps.nextTry ?? "nightly" }),
        };
      }
    });
    requests += await rereadQueuedBodies(steps);
    const synced = tables.filter((t) => t.ok);
    const rows = synced.reduce((n, t) => n + (t.rows ?? 0), 0);
    const success = synced.length === tables.length;
    const message = `Synced ${synced.length} of ${tables.length} tables, ${rows} rows`;
    const error = tables
      .filter((t) => !t.ok)
      .map((t) => `${t.tableName}: ${t.message}`)
      .join("\n");
    await steps.run("finish", ({ env }) =>
      finishRun(env.DB, steps.runId, {
        ok: success,
        message: because(message),
        error,
        counts: sumCounts(counts.filter((c) => c !== undefined)),
      }),
    );
    const noRebuild = success
      ? undefined
      : `${tables.length - synced.length} of ${tables.length} tables did not sync, so the live site keeps its last build`;
    await steps.run("after sync", ({ env }) => afterSync(env, undefined, { kind: "full", noRebuild }));
    const seconds = (Date.now() - started) / 1000;
    logEvent("sync_full", { runId: steps.runId, ok: success, message, requests, ms: Math.round(seconds * 1000) });
    return { success, message, tables, requests, seconds };
  } catch (err) {
    const message = because(failureMessage(err, { nextTry: steps.nextTry ?? "nightly" }));
    logEvent("sync_failed", { runId: steps.runId, kind: "full", error: message });
    await steps.run("failed", ({ env }) => finishRun(env.DB, steps.runId, { ok: false, message }), { unlocked: true });
    throw err;
  }
}

/** The catalogue's databases found (under its page, then by search) and what that means for each contract table (registering missing ones as placeholders). */
async function planTables(env: Env): Promise<{ plans: TablePlan[]; requests: number }> {
  const search = notionRun(env);
  logEvent("sync_search", { message: "finding the catalogue's databases in Notion" });
  const found = await findCatalogue(env, search.notion);
  const now = new Date().toISOString();
  const plans: TablePlan[] = [];
  const missing = [];
  for (const db of [...CONTRACT_DATABASES].sort((a, b) => (a.tableName < b.tableName ? -1 : 1))) {
    const lookup = lookUp(found, db.title);
    const plan = { tableName: db.tableName, databaseTitle: db.title, bodyWhenEdited: db.bodyWhenEdited === true };
    if (lookup.kind === "found") {
      const { source } = lookup;
      const entry = {
        ...placeholderEntry(db),
        databaseId: source.databaseId,
        dataSourceId: source.dataSourceId,
        columns: columnsFor(source.properties),
        schemaSyncedAt: now,
      };
      plans.push({ ...plan, entry, message: "" });
      continue;
    }
    missing.push(db);
    plans.push({ ...plan, entry: null, message: lookup.kind === "duplicate" ? duplicateMessage(db.title, lookup.sources) : "" });
  }
  if (missing.length) {
    await env.DB.batch(missing.map((db) => registerIfAbsent(env.DB, placeholderEntry(db))));
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(?1))",
    )
      .bind(JSON.stringify(missing.map((db) => db.tableName)))
      .all<{ name: string }>();
    const existing = new Set(results.map((r) => r.name));
    for (const plan of plans)
      if (!plan.entry && !plan.message) plan.message = missingMessage(plan.databaseTitle, existing.has(plan.tableName));
  }
  for (const plan of plans) if (!plan.entry) logEvent("table_not_synced", { table: plan.tableName, message: plan.message }, "warn");
  return { plans, requests: search.stats.requests };
}

/** Bodies never read, in small steps up to BODIES_PER_RUN (returns the requests it took); a failure there (a page deleted meanwhile) leaves them for the next night. */
async function fillBodies(steps: SyncSteps, entry: RegistryEntry): Promise<number> {
  let requests = 0;
  for (let done = 0; done < BODIES_PER_RUN; done += BODIES_PER_STEP) {
    const batch = await steps.run(`${entry.tableName}: bodies ${done}`, async ({ env }) => {
      try {
        return await backfillBodies(env, entry, BODIES_PER_STEP);
      } catch (err) {
        logEvent(
          "sync_bodies_failed",
          { table: entry.tableName, error: upstreamMessage(err) ?? err, message: "page bodies not filled this time" },
          "warn",
        );
        return { filled: 0, requests: 0 };
      }
    });
    requests += batch.requests;
    if (batch.filled < BODIES_PER_STEP) break;
  }
  return requests;
}

/**
 * The one-off re-read of bodies an older renderer wrote, after the tables and before the rebuild that shows them: up
 * to REREAD_BODIES_PER_RUN a run, in small steps; a failure (Notion down, a long Retry-After) leaves the rest for the
 * next night. Returns the requests it took.
 */
async function rereadQueuedBodies(steps: SyncSteps): Promise<number> {
  let requests = 0;
  let reread = 0;
  // Each step reads a few bodies, or takes a finished table off the queue.
  for (let step = 0; reread < REREAD_BODIES_PER_RUN && step < REREAD_BODIES_PER_RUN / BODIES_PER_STEP + CONTRACT_DATABASES.length; step++) {
    const batch = await steps.run(`bodies read again ${step}`, async ({ env, lock }) => {
      try {
        return await rereadBodies(env, lock);
      } catch (err) {
        logEvent(
          "sync_bodies_reread_failed",
          { error: upstreamMessage(err) ?? err, message: "page bodies not read again this time: the next full sync goes on" },
          "warn",
        );
        return { reread: 0, requests: 0, more: false };
      }
    });
    requests += batch.requests;
    reread += batch.reread;
    if (!batch.more) break;
  }
  return requests;
}

/** The tables' counts added up for the full run. */
function sumCounts(each: RunCounts[]): RunCounts {
  const sum: RunCounts = { added: 0, changed: 0, removed: 0, filesCopied: 0, unsupported: [], skipped: [] };
  for (const counts of each) {
    sum.added += counts.added;
    sum.changed += counts.changed;
    sum.removed += counts.removed;
    sum.filesCopied += counts.filesCopied;
    sum.unsupported.push(...counts.unsupported);
    sum.skipped!.push(...(counts.skipped ?? []));
  }
  return sum;
}
