import { APIErrorCode, isNotionClientError, type Client } from "@notionhq/client";
import { z } from "zod";
import type { UnsupportedBlock } from "#contract/sync-runs";
import { withRun } from "../data/sync-runs";
import { afterSync } from "./after-sync";
import { normaliseNotionId } from "../lib/notion-id";
import { notionRun } from "../notion/client";
import { forEachLimit } from "../notion/concurrency";
import { LOCK_TTL_MS, SYNC_LOCK, withLock } from "../tables/lock";
import { lookupIndex } from "./media-index";
import type { SkippedFile } from "#contract/sync-runs";
import { settleFileRetries } from "../data/skipped-files";
import { NotionPage, NotionSearchResult, readNotion } from "../notion/notion-shapes";
import { applyPageChanges, existingIds, type TableRows } from "./page-changes";
import { pageRow } from "./page-sync";
import { listEntries, type RegistryEntry } from "../tables/registry";
import { columnsFor } from "../tables/schema";
import { syncTable } from "./table-sync";
import type { WebhookChanges } from "../notion/webhook-events";

/** Pages read at once; the isolate's pacer keeps Notion at its average rate regardless. */
const PAGES_AT_ONCE = 4;

/** A page retrieval with what tells us where the page lives and whether it still does. */
const RetrievedPage = NotionPage.extend({
  parent: z
    .looseObject({ type: z.string().optional(), data_source_id: z.string().optional(), database_id: z.string().optional() })
    .optional(),
  in_trash: z.boolean().optional(),
  archived: z.boolean().optional(),
});

/** What a page-level sync did. */
export type PageSyncOutcome = { updated: number; removed: number; message: string };

/** The registry entry whose data source (or database) is `id`, comparing ids in one form. */
function entryFor(entries: RegistryEntry[], id: string | undefined): RegistryEntry | undefined {
  const wanted = id ? normaliseNotionId(id) : null;
  if (!wanted) return undefined;
  return entries.find((e) => [e.dataSourceId, e.databaseId].some((x) => x && normaliseNotionId(x) === wanted));
}

/** A page's current state, or null when Notion no longer has it for us (deleted, or no longer shared). */
async function currentPage(notion: Client, id: string): Promise<z.output<typeof RetrievedPage> | null> {
  try {
    return await readNotion("a page retrieval", RetrievedPage, () => notion.pages.retrieve({ page_id: id }));
  } catch (err) {
    if (isNotionClientError(err) && err.code === APIErrorCode.ObjectNotFound) return null;
    throw err;
  }
}

/**
 * Brings the rows of `pageIds` up to date with their CURRENT state in Notion, holding the sync lock. Webhook events
 * are only signals, so reading the page now makes late, repeated and out-of-order deliveries harmless: whatever order
 * they came in, the row ends as the page is. A page that is gone, in the trash, or no longer in a synced database
 * loses its row. Throws LockBusyError when another sync runs (the caller tries again later).
 */
export async function syncPages(env: Env, pageIds: string[], lockTtlMs = LOCK_TTL_MS): Promise<PageSyncOutcome> {
  return withLock(
    env.DB,
    SYNC_LOCK,
    async () => {
      return withRun(env.DB, { kind: "page", target: "webhook", trigger: "webhook", failurePrefix: "Webhook: " }, async () => {
        const run = notionRun(env);
        const entries = await listEntries(env.DB);
        const skipped: SkippedFile[] = [];
        const files = { bucket: env.MEDIA, index: lookupIndex(env.DB), db: env.DB, download: run.download, copied: { count: 0 }, skipped };
        const unsupported: UnsupportedBlock[] = [];
        const changed = new Map<string, TableRows>();
        const removed: string[] = [];
        await forEachLimit(pageIds, PAGES_AT_ONCE, async (id) => {
          const page = await currentPage(run.notion, id);
          const entry =
            page && !page.in_trash && !page.archived
              ? entryFor(entries, page.parent?.data_source_id ?? page.parent?.database_id)
              : undefined;
          if (!page || !entry) {
            removed.push(normaliseNotionId(id) ?? id);
            return;
          }
          const row = await pageRow(run, files, entry, page, unsupported);
          const target = changed.get(entry.tableName) ?? { entry, rows: [] };
          target.rows.push(row);
          changed.set(entry.tableName, target);
        });
        const existed = await existingIds(
          env.DB,
          [...changed.values()].flatMap((t) => t.rows.map((r) => String(r[0]))),
        );
        await applyPageChanges(env.DB, [...changed.values()], removed);
        for (const { entry, rows } of changed.values()) {
          const read = rows.map((r) => String(r[0]));
          await settleFileRetries(
            env.DB,
            entry.tableName,
            read,
            skipped.map((f) => f.pageId).filter((id) => read.includes(id)),
          );
        }
        const updated = [...changed.values()].reduce((n, t) => n + t.rows.length, 0);
        const tables = [...changed.keys()].sort().join(", ");
        const message = `Webhook: updated ${updated} ${updated === 1 ? "page" : "pages"}${tables ? ` in ${tables}` : ""}, removed ${removed.length}`;
        console.log(`sync: ${message} (${run.stats.requests} requests)`);
        const added = [...changed.values()].flatMap((t) => t.rows).filter((r) => !existed.has(String(r[0]))).length;
        const counts = { added, changed: updated - added, removed: removed.length, filesCopied: files.copied.count, unsupported, skipped };
        return { outcome: { ok: true, message, counts }, value: { updated, removed: removed.length, message } };
      });
    },
    lockTtlMs,
  );
}

/**
 * Syncs the whole table of each data source (or database) in `ids` with its columns re-read from Notion's current
 * schema. Ids that are not a synced table are ignored. Returns the tables synced.
 */
export async function syncSchemaChanges(env: Env, ids: string[]): Promise<string[]> {
  const entries = await listEntries(env.DB);
  const targets = [...new Set(ids.map((id) => entryFor(entries, id)).filter((e): e is RegistryEntry => Boolean(e?.dataSourceId)))];
  const synced: string[] = [];
  for (const entry of targets) {
    const run = notionRun(env);
    const source = await readNotion("a data source retrieval", NotionSearchResult, () =>
      run.notion.dataSources.retrieve({ data_source_id: entry.dataSourceId! }),
    );
    const columns = columnsFor(source.properties ?? {});
    // The table sync swaps the table in with these columns and writes them to the registry in the same batch.
    await syncTable(env, { ...entry, columns, schemaSyncedAt: new Date().toISOString() });
    synced.push(entry.tableName);
  }
  return synced;
}

/**
 * One debounced batch: the schema-changed tables first (whole-table syncs), then the pages, then one cache purge and
 * one rebuild request for the lot. `schemasDone` runs once the table syncs have succeeded (so a retry skips them).
 */
export async function syncQueued(env: Env, changes: WebhookChanges, schemasDone: () => Promise<void> = async () => {}): Promise<void> {
  if (changes.schemas.length) {
    await syncSchemaChanges(env, changes.schemas);
    await schemasDone();
  }
  if (changes.pages.length) await syncPages(env, changes.pages);
  await afterSync(env, undefined, { kind: "table", target: "webhook" });
}
