import type { SchemaSyncResult } from "#contract/admin-api";
import { notionRun } from "../../notion/client";
import { duplicateMessage, lookUp } from "../../notion/find-databases";
import { findCatalogue } from "./find-catalogue";
import { listingIndexStatements } from "../../data/listing-indexes";
import { existingNotionTables } from "../../tables/existing-tables";
import { LOCK_TTL_MS, SYNC_LOCK, withLock } from "../../tables/lock";
import { quoteIdent } from "../../tables/naming";
import { deleteOtherEntries, registerIfAbsent, upsertEntry, type RegistryEntry } from "../../tables/registry";
import { finishRun, startRun } from "../../data/sync-runs";
import { failureMessage } from "../steps/run-ended";
import { columnsFor, createTableSql, tooManyColumns } from "../../tables/schema";
import { CONTRACT_DATABASES, type ContractDatabase } from "../mapping/workspace";
import { clearSearchIndex } from "../mapping/search-index";
import { forgetTablesBut } from "../../data/unpublished-pages";
import { dropHoldsBut } from "../../data/removal-holds";
import { meteredStep } from "../steps/metered-step";
import { logEvent } from "../../lib/log";

/** Schema sync result plus what it cost, for logs. */
export type SchemaSyncOutcome = { result: SchemaSyncResult; requests: number; seconds: number };

/**
 * The operator's Sync Notion Schemas: finds the contract's databases by title, drops every `notion_*` table and
 * recreates one empty table per database found from its data source's properties, rewriting the `sync_tables`
 * registry in the same batch. A table whose database search did not return, or whose title several databases share,
 * is kept as it was (rows, columns and registry entry) and reported. Holds the sync lock throughout (`lockTtlMs` for tests).
 * Runs as one metered step (bounded by the contract's databases: a search page per 100 data sources and two D1 calls),
 * so its run records its subrequests like a workflow step.
 */
export async function syncSchemas(env: Env, lockTtlMs = LOCK_TTL_MS): Promise<SchemaSyncOutcome> {
  return withLock(
    env.DB,
    SYNC_LOCK,
    async (lock) => {
      const runId = await startRun(env.DB, "schema", null);
      try {
        const outcome = await meteredStep(env, runId, lock.holder, "inline", ({ env: counted }) => rebuildSchemas(counted));
        await finishRun(env.DB, runId, { ok: outcome.result.success, message: outcome.result.message });
        return outcome;
      } catch (err) {
        await finishRun(env.DB, runId, { ok: false, message: failureMessage(err, { nextTry: "nightly" }) });
        throw err;
      }
    },
    lockTtlMs,
  );
}

/** The registry entry of a contract table with no usable database: no ids, no columns, nothing synced. */
export function placeholderEntry(db: ContractDatabase): RegistryEntry {
  return {
    tableName: db.tableName,
    databaseTitle: db.title,
    databaseId: null,
    dataSourceId: null,
    columns: [],
    hasBody: db.hasBody,
    schemaSyncedAt: null,
    dataSyncedAt: null,
  };
}

/** The operator's message for a contract database search did not return; `kept` when its table keeps its rows. */
export function missingMessage(title: string, kept: boolean): string {
  return kept
    ? `No database titled "${title}" found in Notion this time: is it shared with the integration? The table keeps its previous rows.`
    : `No database titled "${title}" found in Notion: is it shared with the integration?`;
}

async function rebuildSchemas(env: Env): Promise<SchemaSyncOutcome> {
  const run = notionRun(env);
  logEvent("sync_search", { message: "finding the catalogue's databases in Notion" });
  const found = await findCatalogue(env, run.notion);
  const existing = new Set(await existingNotionTables(env.DB, { sideTables: true }));
  const now = new Date().toISOString();
  const statements: D1PreparedStatement[] = [];
  const kept = new Set<string>();
  const tables: SchemaSyncResult["tables"] = [];
  const count = { missing: 0, duplicate: 0, refused: 0 };
  for (const db of CONTRACT_DATABASES) {
    const lookup = lookUp(found, db.title);
    if (lookup.kind !== "found") {
      kept.add(db.tableName);
      statements.push(registerIfAbsent(env.DB, placeholderEntry(db)));
      count[lookup.kind] += 1;
      const error =
        lookup.kind === "missing" ? missingMessage(db.title, existing.has(db.tableName)) : duplicateMessage(db.title, lookup.sources);
      tables.push({ tableName: db.tableName, status: "error", error });
      continue;
    }
    const { source } = lookup;
    const columns = columnsFor(source.properties);
    const tooWide = tooManyColumns(db.title, columns, db.hasBody);
    statements.push(
      upsertEntry(env.DB, {
        ...placeholderEntry(db),
        databaseId: source.databaseId,
        dataSourceId: source.dataSourceId,
        columns,
        schemaSyncedAt: now,
      }),
    );
    if (tooWide) {
      count.refused += 1;
      tables.push({ tableName: db.tableName, status: "error", error: tooWide });
    } else {
      statements.push(
        env.DB.prepare(createTableSql(db.tableName, columns, db.hasBody)),
        ...listingIndexStatements(env.DB, { tableName: db.tableName, columns, hasBody: db.hasBody }),
      );
      tables.push({ tableName: db.tableName, status: "created" });
    }
  }
  await env.DB.batch([
    ...[...existing].filter((name) => !kept.has(name)).map((name) => env.DB.prepare(`DROP TABLE IF EXISTS ${quoteIdent(name)}`)),
    deleteOtherEntries(
      env.DB,
      CONTRACT_DATABASES.map((d) => d.tableName),
    ),
    ...statements,
    clearSearchIndex(env.DB, [...kept]),
    // The recreated tables are empty: their drafts, held pages and held removals are learnt again by their next sync.
    forgetTablesBut(env.DB, [...kept]),
    dropHoldsBut(env.DB, [...kept]),
  ]);
  const created = tables.filter((t) => t.status === "created").length;
  const seconds = (Date.now() - run.startedAt) / 1000;
  const problems = [
    ...(count.missing ? [`${count.missing} databases were not found in Notion`] : []),
    ...(count.duplicate ? [`${count.duplicate} database titles are shared by more than one Notion database`] : []),
    ...(count.refused ? [`${count.refused} databases have more properties than a D1 table holds`] : []),
  ];
  const message =
    created === tables.length
      ? `Created ${created} tables from the Notion schemas`
      : `Created ${created} of ${tables.length} tables; ${problems.join("; ")}`;
  logEvent("sync_schema", { message, requests: run.stats.requests, ms: Math.round(seconds * 1000) });
  for (const t of tables.filter((t) => t.error)) logEvent("table_not_synced", { table: t.tableName, message: t.error }, "warn");
  return { result: { success: created === tables.length, message, tables }, requests: run.stats.requests, seconds };
}
