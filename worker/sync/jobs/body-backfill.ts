import { notionRun } from "../../notion/client";
import { forEachLimit } from "../../notion/concurrency";
import type { SkippedFile } from "#contract/sync-runs";
import { settleFileRetries } from "../../data/skipped-files";
import { lookupIndex } from "../files/media-index";
import { quoteIdent } from "../../tables/naming";
import { pageBody } from "../pages/page-row";
import type { RegistryEntry } from "../../tables/registry";
import { logEvent } from "../../lib/log";

/** Bodies read per catalogue table and night: a request or more each, at Notion's pace (NOTION_REQUESTS_PER_SECOND). */
export const BODIES_PER_RUN = 50;

/** Bodies read per step of a workflow run: a body is a request or more, plus its images. */
export const BODIES_PER_STEP = 5;

/**
 * Reads the bodies of up to `limit` pages of a catalogue table whose body has never been read (body_md NULL: the
 * table's first sync reads none) and stores them, so bodies arrive in bounded batches from the nightly sync besides
 * those of edited pages. Returns how many were filled and the Notion requests it took. The caller holds the sync lock.
 * A held page's row (or a draft's whose removal waits) keeps its body as last synced, unread: its page may hold the
 * dealer's unpublished edits.
 */
export async function backfillBodies(
  env: Env,
  entry: RegistryEntry,
  limit = BODIES_PER_RUN,
): Promise<{ filled: number; requests: number }> {
  const table = quoteIdent(entry.tableName);
  const { results } = await env.DB.prepare(
    `SELECT id FROM ${table} WHERE body_md IS NULL AND id NOT IN (SELECT page_id FROM unpublished_pages WHERE table_name = ?1) ORDER BY id LIMIT ?2`,
  )
    .bind(entry.tableName, limit)
    .all<{ id: string }>();
  if (results.length === 0) return { filled: 0, requests: 0 };
  const run = notionRun(env);
  const skipped: SkippedFile[] = [];
  const files = { bucket: env.MEDIA, index: lookupIndex(env.DB), db: env.DB, download: run.download, skipped };
  const bodies: [string, string][] = [];
  await forEachLimit(results, 4, async ({ id }) => {
    bodies.push([await pageBody(run, files, id), id]);
  });
  const update = env.DB.prepare(`UPDATE ${table} SET body_md = ? WHERE id = ? AND body_md IS NULL`);
  await env.DB.batch(bodies.map(([body, id]) => update.bind(body, id)));
  // A body stored without an image that failed is read again, with its row, by the table's next update.
  await settleFileRetries(
    env.DB,
    entry.tableName,
    [],
    skipped.map((f) => f.pageId),
  );
  logEvent("sync_bodies", { table: entry.tableName, filled: bodies.length, requests: run.stats.requests });
  return { filled: bodies.length, requests: run.stats.requests };
}
