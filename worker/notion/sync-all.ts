import { finishRun, startRun } from "../data/sync-runs";
import { afterSync } from "./after-sync";
import { listEntries } from "./registry";
import { syncSchemas } from "./schema-sync";
import { syncTable } from "./table-sync";
import { upstreamMessage } from "./upstream-error";

/** Per-table outcome of a full sync. */
export type SyncAllTable = { tableName: string; ok: boolean; rows?: number; message: string };

/** Full sync summary: the schema step, then every table in registry order. */
export type SyncAllSummary = { success: boolean; message: string; schema: { success: boolean; message: string }; tables: SyncAllTable[]; requests: number; seconds: number };

/**
 * Schema sync, then every table with a Notion database, one after another; a failing table is reported and the
 * rest still run. Throws only when the schema step itself fails (nothing else can run then).
 */
export async function syncAll(env: Env, ctx?: ExecutionContext): Promise<SyncAllSummary> {
  const started = Date.now();
  const runId = await startRun(env.DB, "full", null);
  try {
    const schema = await syncSchemas(env);
    let requests = schema.requests;
    const tables: SyncAllTable[] = [];
    for (const entry of await listEntries(env.DB)) {
      if (!entry.dataSourceId) {
        tables.push({ tableName: entry.tableName, ok: false, message: `No Notion database titled "${entry.databaseTitle}"` });
        continue;
      }
      try {
        const outcome = await syncTable(env, entry);
        requests += outcome.requests;
        tables.push({ tableName: entry.tableName, ok: true, rows: outcome.rows, message: outcome.message });
      } catch (err) {
        tables.push({ tableName: entry.tableName, ok: false, message: upstreamMessage(err) ?? (err instanceof Error ? err.message : String(err)) });
      }
    }
    const synced = tables.filter((t) => t.ok);
    const rows = synced.reduce((n, t) => n + (t.rows ?? 0), 0);
    const seconds = (Date.now() - started) / 1000;
    const message = `Synced ${synced.length} of ${tables.length} tables, ${rows} rows`;
    console.log(`sync: full: ${message} (${requests} requests, ${seconds.toFixed(1)} s)`);
    const success = schema.result.success && synced.length === tables.length;
    await finishRun(env.DB, runId, success, message);
    await afterSync(env, ctx, { kind: "full" });
    return { success, message, schema: { success: schema.result.success, message: schema.result.message }, tables, requests, seconds };
  } catch (err) {
    await finishRun(env.DB, runId, false, err instanceof Error ? err.message : String(err));
    throw err;
  }
}
