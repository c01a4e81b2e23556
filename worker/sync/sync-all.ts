import type { SyncAllSummary, SyncAllTable } from "#contract/admin-api";
import type { RunTrigger } from "#contract/sync-runs";
import { withRun, type RunCounts } from "../data/sync-runs";
import { afterSync } from "./after-sync";
import { notionRun } from "../notion/client";
import { duplicateMessage, findDataSources, lookUp } from "../notion/find-databases";
import { SYNC_LOCK, withLock, type HeldLock } from "../tables/lock";
import { canUpdateInPlace, updateTable } from "./incremental-sync";
import { backfillBodies } from "./body-backfill";
import { readEntry, registerIfAbsent, type RegistryEntry } from "../tables/registry";
import { columnsFor } from "../tables/schema";
import { missingMessage, placeholderEntry } from "./schema-sync";
import { copyTable } from "./table-sync";
import { upstreamMessage } from "../notion/upstream-error";
import { CONTRACT_DATABASES } from "./workspace";
import { errorMessage } from "../lib/errors";


/**
 * The nightly cron's and the launcher's sync: one search, then per table either an update in place (a table synced
 * before whose schema is unchanged: edited pages only, and a full id scan removing the rows of pages gone or in the
 * trash) or a side table made with the database's current schema, filled and swapped in with its registry entry, so
 * the site answers from the previous rows until then and never from an empty table. Nothing is dropped: a table whose database search did not return, whose title
 * several databases share, or whose sync fails keeps its rows and is reported; the rest still run. The site is rebuilt
 * only when every table synced. Holds the sync lock throughout; throws only when the search itself fails.
 */
export async function syncAll(env: Env, ctx?: ExecutionContext, trigger: RunTrigger = "manual"): Promise<SyncAllSummary> {
  const started = Date.now();
  const summary = await withRun(env.DB, { kind: "full", target: null, trigger }, async () => {
    const { tables, requests, counts } = await withLock(env.DB, SYNC_LOCK, (lock) => syncEveryTable(env, trigger, lock));
    const synced = tables.filter((t) => t.ok);
    const rows = synced.reduce((n, t) => n + (t.rows ?? 0), 0);
    const seconds = (Date.now() - started) / 1000;
    const success = synced.length === tables.length;
    const message = `Synced ${synced.length} of ${tables.length} tables, ${rows} rows`;
    console.log(`sync: full: ${message} (${requests} requests, ${seconds.toFixed(1)} s)`);
    const error = tables.filter((t) => !t.ok).map((t) => `${t.tableName}: ${t.message}`).join("\n");
    return { outcome: { ok: success, message, error, counts: sumCounts(counts) }, value: { success, message, tables, requests, seconds } };
  });
  const failed = summary.tables.filter((t) => !t.ok).length;
  const noRebuild = summary.success ? undefined : `${failed} of ${summary.tables.length} tables did not sync, so the live site keeps its last build`;
  await afterSync(env, ctx, { kind: "full", noRebuild });
  return summary;
}

/** Bodies never read, in a bounded batch (returns the requests it took); a failure there (a page deleted meanwhile) leaves them for the next night. */
async function fillBodies(env: Env, entry: RegistryEntry): Promise<number> {
  try {
    return (await backfillBodies(env, entry)).requests;
  } catch (err) {
    console.log(`sync: ${entry.tableName}: page bodies not filled this time: ${upstreamMessage(err) ?? errorMessage(err)}`);
    return 0;
  }
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

async function syncEveryTable(env: Env, trigger: RunTrigger, lock: HeldLock): Promise<{ tables: SyncAllTable[]; requests: number; counts: RunCounts[] }> {
  const search = notionRun(env);
  console.log("sync: full: searching Notion for the workspace's databases");
  const found = await findDataSources(search.notion);
  let requests = search.stats.requests;
  const now = new Date().toISOString();
  const tables: SyncAllTable[] = [];
  const counts: RunCounts[] = [];
  for (const db of [...CONTRACT_DATABASES].sort((a, b) => (a.tableName < b.tableName ? -1 : 1))) {
    const lookup = lookUp(found, db.title);
    const table = { tableName: db.tableName, databaseTitle: db.title };
    if (lookup.kind !== "found") {
      await registerIfAbsent(env.DB, placeholderEntry(db)).run();
      const exists = await env.DB.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").bind(db.tableName).first();
      const message = lookup.kind === "missing" ? missingMessage(db.title, exists !== null) : duplicateMessage(db.title, lookup.sources);
      console.log(`sync: ${db.tableName}: not synced: ${message}`);
      tables.push({ ...table, ok: false, message });
      continue;
    }
    const { source } = lookup;
    const entry = { ...placeholderEntry(db), databaseId: source.databaseId, dataSourceId: source.dataSourceId, columns: columnsFor(source.properties), schemaSyncedAt: now };
    try {
      const registered = await readEntry(env.DB, db.tableName);
      const inPlace = registered?.dataSourceId === source.dataSourceId && (await canUpdateInPlace(env.DB, registered, entry));
      const outcome = inPlace ? await updateTable(env, registered, trigger, lock) : await copyTable(env, entry, trigger, lock);
      // Only on tables synced before: a first copy stays at its floor of one query per 100 pages.
      if (inPlace && db.bodyWhenEdited) requests += await fillBodies(env, entry);
      requests += outcome.requests;
      tables.push({ ...table, ok: true, rows: outcome.rows, seconds: outcome.seconds, message: outcome.message });
      counts.push(outcome.counts);
    } catch (err) {
      tables.push({ ...table, ok: false, message: upstreamMessage(err) ?? errorMessage(err) });
    }
  }
  return { tables, requests, counts };
}
