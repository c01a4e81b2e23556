import type { SchemaSyncResult } from "../domain/types";
import { notionRun } from "./client";
import { findDataSources } from "./find-databases";
import { LOCK_TTL_MS, SYNC_LOCK, withLock } from "./lock";
import { quoteIdent } from "./naming";
import { replaceRegistry, type RegistryEntry } from "./registry";
import { finishRun, startRun } from "../data/sync-runs";
import { columnsFor, createTableSql, tooManyColumns } from "./schema";
import { clearSearchIndex } from "./search-index";
import { CONTRACT_DATABASES, titleKey } from "./workspace";

/** Schema sync result plus what it cost, for logs and the full sync summary. */
export type SchemaSyncOutcome = { result: SchemaSyncResult; requests: number; seconds: number };

/**
 * Finds the contract's databases by title, drops every `notion_*` table and recreates one empty table per
 * database found from its data source's properties, rewriting the `sync_tables` registry in the same batch.
 * Holds the sync lock throughout (`lockTtlMs` for tests).
 */
export async function syncSchemas(env: Env, lockTtlMs = LOCK_TTL_MS): Promise<SchemaSyncOutcome> {
  return withLock(env.DB, SYNC_LOCK, async () => {
    const runId = await startRun(env.DB, "schema", null);
    try {
      const outcome = await rebuildSchemas(env);
      await finishRun(env.DB, runId, outcome.result.success, outcome.result.message);
      return outcome;
    } catch (err) {
      await finishRun(env.DB, runId, false, err instanceof Error ? err.message : String(err));
      throw err;
    }
  }, lockTtlMs);
}

async function rebuildSchemas(env: Env): Promise<SchemaSyncOutcome> {
  const run = notionRun(env);
  console.log("sync: schema: searching Notion for the workspace's databases");
  const found = await findDataSources(run.notion);
  const now = new Date().toISOString();
  const entries: RegistryEntry[] = [];
  const tables: SchemaSyncResult["tables"] = [];
  const refused = new Set<string>();
  for (const db of CONTRACT_DATABASES) {
    const source = found.get(titleKey(db.title));
    const columns = source ? columnsFor(source.properties) : [];
    const tooWide = source ? tooManyColumns(db.title, columns, db.hasBody) : null;
    if (tooWide) refused.add(db.tableName);
    entries.push({
      tableName: db.tableName,
      databaseTitle: db.title,
      databaseId: source?.databaseId ?? null,
      dataSourceId: source?.dataSourceId ?? null,
      columns,
      hasBody: db.hasBody,
      schemaSyncedAt: source ? now : null,
      dataSyncedAt: null,
    });
    tables.push(
      !source
        ? { tableName: db.tableName, status: "error", error: `No database titled "${db.title}" found in Notion: is it shared with the integration?` }
        : tooWide
          ? { tableName: db.tableName, status: "error", error: tooWide }
          : { tableName: db.tableName, status: "created" },
    );
  }
  const existing = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) = 'notion_'").all<{ name: string }>();
  await env.DB.batch([
    ...existing.results.map((t) => env.DB.prepare(`DROP TABLE IF EXISTS ${quoteIdent(t.name)}`)),
    ...entries.filter((e) => e.databaseId && !refused.has(e.tableName)).map((e) => env.DB.prepare(createTableSql(e.tableName, e.columns, e.hasBody))),
    ...replaceRegistry(env.DB, entries),
    clearSearchIndex(env.DB),
  ]);
  const created = tables.filter((t) => t.status === "created").length;
  const missing = tables.length - created - refused.size;
  const seconds = (Date.now() - run.startedAt) / 1000;
  const problems = [
    ...(missing ? [`${missing} databases were not found in Notion`] : []),
    ...(refused.size ? [`${refused.size} databases have more properties than a D1 table holds`] : []),
  ];
  const message = created === tables.length ? `Created ${created} tables from the Notion schemas` : `Created ${created} of ${tables.length} tables; ${problems.join("; ")}`;
  console.log(`sync: schema: ${message} (${run.stats.requests} requests, ${seconds.toFixed(1)} s)`);
  return { result: { success: created === tables.length, message, tables }, requests: run.stats.requests, seconds };
}
