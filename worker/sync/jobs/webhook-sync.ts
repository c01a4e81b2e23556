import { APIErrorCode, isNotionClientError, type Client } from "@notionhq/client";
import { z } from "zod";
import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { fileRetryStatements } from "../../data/skipped-files";
import { meterOf, readStepBudget } from "../../lib/step-meter";
import { normaliseNotionId } from "../../lib/notion-id";
import { notionRun } from "../../notion/client";
import { NotionPage, NotionSearchResult, readNotion } from "../../notion/notion-shapes";
import { entryFor, listEntries, type RegistryEntry } from "../../tables/registry";
import { columnsFor } from "../../tables/schema";
import { lookupIndex } from "../files/media-index";
import { applyPageChanges, existingIds, type TableRows } from "../pages/page-changes";
import { pageRow } from "../pages/page-row";
import { takeWithinBudget } from "../steps/take-within-budget";
import { forgetPages, recordPublication, type UnpublishedPage } from "../../data/unpublished-pages";
import { resolvedDraftHolds } from "../../data/removal-holds";
import { existingNotionTables } from "../../tables/existing-tables";
import { quoteIdent } from "../../tables/naming";
import { planRemovals, planStatements, type RemovalPlan } from "./removal-guard";
import { publicationOf } from "../mapping/publication";
import type { StepContext } from "../steps/metered-step";

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
  /** Pages whose rows are to leave the site (gone from Notion, or drafts): taken off together once every slice is done. */
  leaving: string[];
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
 * database, and a draft, are to lose their rows (`leaving`: the batch takes them off at its end, `removeLeaving`); a
 * moved page leaves its old table; a held page's row stays as last synced.
 */
export async function pageSlice(ctx: StepContext, pageIds: string[], from: number, runId: number): Promise<PageSlice> {
  const { env, lock } = ctx;
  const meter = meterOf(env) ?? { used: 0, budget: readStepBudget(env) };
  const run = notionRun(env);
  const entries = await listEntries(env.DB);
  const skipped: SkippedFile[] = [];
  const files = { bucket: env.MEDIA, index: lookupIndex(env.DB), db: env.DB, download: run.download, copied: { count: 0 }, skipped };
  const unsupported: UnsupportedBlock[] = [];
  const changed = new Map<string, TableRows>();
  const gone: string[] = [];
  const unpublished = new Map<string, UnpublishedPage[]>();
  const taken = await takeWithinBudget(meter, pageIds.slice(from), CLOSING_SUBREQUESTS, async (id) => {
    const page = await currentPage(run.notion, id);
    const entry =
      page && !page.in_trash && !page.archived ? entryFor(entries, page.parent?.data_source_id ?? page.parent?.database_id) : undefined;
    if (!page || !entry) {
      gone.push(normaliseNotionId(id) ?? id);
      return;
    }
    const state = publicationOf(page, entry);
    if (state !== "published") {
      unpublished.set(entry.tableName, [...(unpublished.get(entry.tableName) ?? []), { id: page.id, state }]);
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
  const recorded = [...new Set([...changed.keys(), ...unpublished.keys()])].flatMap((table) =>
    recordPublication(
      env.DB,
      table,
      runId,
      unpublished.get(table) ?? [],
      (changed.get(table)?.rows ?? []).map((r) => String(r[0])),
    ),
  );
  if (gone.length) recorded.push(forgetPages(env.DB, gone));
  await applyPageChanges(env.DB, tables, [], lock, [...retries, ...recorded]);
  ctx.progress.pagesRead += taken;
  ctx.progress.rowsWritten += written.length;
  ctx.progress.filesCopied += files.copied.count;
  const added = written.filter((id) => !existed.has(id)).length;
  const drafts = [...unpublished.values()].flat().filter((p) => p.state === "draft");
  return {
    to: from + taken,
    added,
    changed: written.length - added,
    leaving: [...gone, ...drafts.map((p) => p.id)],
    tables: [...changed.keys()],
    filesCopied: files.copied.count,
    unsupported: unsupported.slice(0, LISTED_PER_SLICE),
    skipped: skipped.slice(0, LISTED_PER_SLICE),
  };
}

/**
 * Takes off the site, in one batch fenced by the run's lock, the rows of the batch's leaving pages (`ids`: gone from
 * Notion, or drafts) and of every draft whose removal an earlier sync held back (recorded as a draft, its row still
 * live), table by table through the removal guard: a table that would lose more than half its live rows at once keeps
 * every one until the operator confirms (`planRemovals`). A held removal of drafts alone (none gone) whose drafts are
 * all back on the site or gone is dropped. Answers how many rows went, and the plans held back.
 */
export async function removeLeaving(ctx: StepContext, ids: string[], runId: number): Promise<{ removed: number; held: RemovalPlan[] }> {
  const { env, lock } = ctx;
  const db = env.DB;
  const tables = await existingNotionTables(db);
  // One statement per table in one round trip: its rows leaving, each with the table's live count and whether it is a draft.
  const found = await db.batch<{ id: string; total: number; draft: number }>(
    tables.map((t) =>
      db
        .prepare(
          `SELECT id, (SELECT COUNT(*) FROM ${quoteIdent(t)}) AS total, id IN (SELECT page_id FROM unpublished_pages WHERE table_name = ?2 AND state = 'draft') AS draft ` +
            `FROM ${quoteIdent(t)} WHERE id IN (SELECT value FROM json_each(?1)) OR id IN (SELECT page_id FROM unpublished_pages WHERE table_name = ?2 AND state = 'draft')`,
        )
        .bind(JSON.stringify(ids), t),
    ),
  );
  const entries = await listEntries(db);
  const plans: RemovalPlan[] = [];
  const removing: string[] = [];
  const quiet: string[] = [];
  for (const [i, table] of tables.entries()) {
    const rows = found[i]?.results ?? [];
    if (rows.length === 0) {
      quiet.push(table);
      continue;
    }
    const counts = { live: rows[0]!.total, leaving: rows.length, unpublished: rows.filter((r) => r.draft === 1).length };
    const databaseTitle = entries.find((e) => e.tableName === table)?.databaseTitle ?? table;
    const plan = await planRemovals(db, { tableName: table, databaseTitle }, counts, runId);
    plans.push(plan);
    if (plan.verdict !== "no") removing.push(...rows.map((r) => r.id));
  }
  await applyPageChanges(db, [], removing, lock, [...plans.flatMap((plan) => planStatements(db, plan)), resolvedDraftHolds(db, quiet)]);
  return { removed: removing.length, held: plans.filter((plan) => plan.verdict === "no") };
}
