import { APIErrorCode, isNotionClientError } from "@notionhq/client";
import type { SkippedFile } from "#contract/sync-runs";
import { advanceBodyReread, endBodyReread, nextBodyReread } from "../../data/body-rereads";
import { settleFileRetries } from "../../data/skipped-files";
import { notionRun } from "../../notion/client";
import { quoteIdent } from "../../tables/naming";
import type { HeldLock } from "../../tables/lock";
import { readEntry } from "../../tables/registry";
import { lookupIndex } from "../files/media-index";
import { searchIndexStatements } from "../mapping/search-index";
import { bodyWhenEdited } from "../mapping/workspace";
import { pageBody } from "../pages/page-row";
import { logEvent } from "../../lib/log";
import { BODIES_PER_STEP } from "./body-backfill";

/**
 * Bodies one run (the nightly full sync) reads again while tables are queued in `body_rereads`, at Notion's pace of 3
 * requests a second: a body costs one request for its blocks and one more per toggle, column, table or nested list it
 * holds. 10,000 items take 5 nights (docs/sync.md).
 */
export const REREAD_BODIES_PER_RUN = 2000;

/** What one step of the re-read did: bodies read again, Notion requests, and whether any table is still queued. */
export type RereadStep = { reread: number; requests: number; more: boolean };

/**
 * One step of the one-off re-read of bodies an older renderer wrote: the next `limit` pages (by id) of the first queued
 * table read again and stored with their search entries, the table's place kept, all in one batch fenced by the run's
 * lock; a table walked to its end (or not a catalogue table, or gone) leaves the queue. A page deleted in Notion
 * meanwhile is passed over (the next update's id scan removes its row), and so is a held page's row or a draft's whose
 * removal waits: its page may hold the dealer's unpublished edits. The caller holds the sync lock.
 */
export async function rereadBodies(env: Env, lock: HeldLock, limit = BODIES_PER_STEP): Promise<RereadStep> {
  const queued = await nextBodyReread(env.DB);
  if (!queued) return { reread: 0, requests: 0, more: false };
  const entry = bodyWhenEdited(queued.tableName) ? await readEntry(env.DB, queued.tableName) : null;
  const table = quoteIdent(queued.tableName);
  const { results } = entry?.hasBody
    ? await env.DB.prepare(
        `SELECT id FROM ${table} WHERE id > ?1 AND id NOT IN (SELECT page_id FROM unpublished_pages WHERE table_name = ?3) ORDER BY id LIMIT ?2`,
      )
        .bind(queued.afterId, limit, queued.tableName)
        .all<{ id: string }>()
    : { results: [] };
  if (!entry?.hasBody || results.length === 0) {
    await endBodyReread(env.DB, queued.tableName);
    logEvent("sync_bodies_reread", { table: queued.tableName, message: "every body of the table read again" });
    return { reread: 0, requests: 0, more: (await nextBodyReread(env.DB)) !== null };
  }
  const run = notionRun(env);
  const skipped: SkippedFile[] = [];
  const files = { bucket: env.MEDIA, index: lookupIndex(env.DB), db: env.DB, download: run.download, skipped };
  const bodies: [string, string][] = [];
  for (const { id } of results) {
    try {
      bodies.push([await pageBody(run, files, id), id]);
    } catch (err) {
      if (!(isNotionClientError(err) && err.code === APIErrorCode.ObjectNotFound)) throw err;
    }
  }
  const update = env.DB.prepare(`UPDATE ${table} SET body_md = ?1 WHERE id = ?2`);
  await lock.fenced([
    ...bodies.map(([body, id]) => update.bind(body, id)),
    ...(bodies.length
      ? searchIndexStatements(
          env.DB,
          entry,
          bodies.map(([, id]) => id),
        )
      : []),
    advanceBodyReread(env.DB, queued.tableName, results[results.length - 1]!.id),
  ]);
  // A body stored without an image that failed is read again, with its row, by the table's next update.
  await settleFileRetries(
    env.DB,
    queued.tableName,
    [],
    skipped.map((f) => f.pageId),
  );
  logEvent("sync_bodies_reread", { table: queued.tableName, reread: bodies.length, requests: run.stats.requests });
  return { reread: bodies.length, requests: run.stats.requests, more: true };
}
