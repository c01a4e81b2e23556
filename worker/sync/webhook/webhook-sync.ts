import { APIErrorCode, isNotionClientError, type Client } from "@notionhq/client";
import { z } from "zod";
import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { fileRetryStatements } from "../../data/skipped-files";
import { meterOf, stepBudget } from "../../lib/step-meter";
import { normaliseNotionId } from "../../lib/notion-id";
import { notionRun } from "../../notion/client";
import { NotionPage, NotionSearchResult, readNotion } from "../../notion/notion-shapes";
import { listEntries, type RegistryEntry } from "../../tables/registry";
import { columnsFor } from "../../tables/schema";
import { lookupIndex } from "../files/media-index";
import { applyPageChanges, existingIds, type TableRows } from "../pages/page-changes";
import { pageRow } from "../pages/page-row";
import { takeWithinBudget } from "../steps/step-budget";
import type { StepContext } from "../steps/sync-steps";

/** Subrequests a page slice keeps for its closing writes: the ids it had (2), the fenced write (2), the step's record (1), one spare. */
const CLOSING_SUBREQUESTS = 6;

/** Unsupported blocks and skipped files a slice hands back (a step's result is stored; the run lists a few hundred at most). */
const LISTED_PER_SLICE = 50;

/** A page retrieval with what tells us where the page lives and whether it still does. */
const RetrievedPage = NotionPage.extend({
  parent: z
    .looseObject({ type: z.string().optional(), data_source_id: z.string().optional(), database_id: z.string().optional() })
    .optional(),
  in_trash: z.boolean().optional(),
  archived: z.boolean().optional(),
});

/** The registry entry whose data source (or database) is `id`, comparing ids in one form. */
export function entryFor(entries: RegistryEntry[], id: string | undefined): RegistryEntry | undefined {
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
 * The registry entries of the synced tables among the data sources (or databases) `ids`, each with its columns re-read
 * from Notion's current schema (one request per table): what a schema change's table copy is made with. Ids that are
 * not a synced table are left out.
 */
export async function changedSchemas(env: Env, ids: string[]): Promise<RegistryEntry[]> {
  if (ids.length === 0) return [];
  const entries = await listEntries(env.DB);
  const targets = [...new Set(ids.map((id) => entryFor(entries, id)).filter((e): e is RegistryEntry => Boolean(e?.dataSourceId)))];
  const run = notionRun(env);
  const fresh: RegistryEntry[] = [];
  for (const entry of targets) {
    const source = await readNotion("a data source retrieval", NotionSearchResult, () =>
      run.notion.dataSources.retrieve({ data_source_id: entry.dataSourceId! }),
    );
    // The copy swaps the table in with these columns and writes them to the registry in the same batch.
    fresh.push({ ...entry, columns: columnsFor(source.properties ?? {}), schemaSyncedAt: new Date().toISOString() });
  }
  return fresh;
}

/** What one page slice did: `to` is where the next slice starts. */
export type PageSlice = {
  to: number;
  added: number;
  changed: number;
  removed: number;
  tables: string[];
  filesCopied: number;
  unsupported: UnsupportedBlock[];
  skipped: SkippedFile[];
};

/**
 * Brings the rows of the webhook batch's pages from `from` on up to date with their CURRENT state in Notion, taking
 * pages while the step stays within its subrequest budget (see `takeWithinBudget`), and writes them in one batch fenced
 * by the run's lock. Webhook events are only signals, so reading the page now makes late, repeated and out-of-order
 * deliveries harmless: the row ends as the page is. A page that is gone, in the trash, or no longer in a synced
 * database loses its row (a moved page leaves its old table).
 */
export async function pageSlice(ctx: StepContext, pageIds: string[], from: number): Promise<PageSlice> {
  const { env, lock } = ctx;
  const meter = meterOf(env) ?? { used: 0, budget: stepBudget(env) };
  const run = notionRun(env);
  const entries = await listEntries(env.DB);
  const skipped: SkippedFile[] = [];
  const files = { bucket: env.MEDIA, index: lookupIndex(env.DB), db: env.DB, download: run.download, copied: { count: 0 }, skipped };
  const unsupported: UnsupportedBlock[] = [];
  const changed = new Map<string, TableRows>();
  const removed: string[] = [];
  const taken = await takeWithinBudget(meter, pageIds.slice(from), CLOSING_SUBREQUESTS, async (id) => {
    const page = await currentPage(run.notion, id);
    const entry =
      page && !page.in_trash && !page.archived ? entryFor(entries, page.parent?.data_source_id ?? page.parent?.database_id) : undefined;
    if (!page || !entry) {
      removed.push(normaliseNotionId(id) ?? id);
      return;
    }
    const row = await pageRow(run, files, entry, page, unsupported);
    const target = changed.get(entry.tableName) ?? { entry, rows: [] };
    target.rows.push(row);
    changed.set(entry.tableName, target);
  });
  const tables = [...changed.values()];
  const written = tables.flatMap((t) => t.rows.map((r) => String(r[0])));
  const existed = await existingIds(env.DB, written);
  // The pages read whose files all copied leave the retry list, those with a file skipped join it, with the rows.
  const retries = tables.flatMap(({ entry, rows }) => {
    const read = rows.map((r) => String(r[0]));
    const failed = skipped.map((f) => f.pageId).filter((id) => read.includes(id));
    return fileRetryStatements(env.DB, entry.tableName, read, failed);
  });
  await applyPageChanges(env.DB, tables, removed, lock, retries);
  ctx.progress.pagesRead += taken;
  ctx.progress.rowsWritten += written.length;
  ctx.progress.filesCopied += files.copied.count;
  const added = written.filter((id) => !existed.has(id)).length;
  return {
    to: from + taken,
    added,
    changed: written.length - added,
    removed: removed.length,
    tables: [...changed.keys()],
    filesCopied: files.copied.count,
    unsupported: unsupported.slice(0, LISTED_PER_SLICE),
    skipped: skipped.slice(0, LISTED_PER_SLICE),
  };
}
