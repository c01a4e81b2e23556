import type { SkippedFile, UnsupportedBlock } from "#contract/sync-runs";
import { heldMediaFiles } from "../../data/media-files";
import { notionRun } from "../../notion/client";
import { fileKeyFor } from "../files/file-keys";
import type { KeptBody } from "./kept-bodies";
import type { MediaIndex } from "../files/media-index";
import { pageRow } from "./page-row";
import type { PageLike } from "../../notion/types";
import { pageFiles } from "../mapping/row-values";
import type { ColumnValue } from "../../tables/schema";
import { queryPage, type QueryOptions } from "../../notion/query-pages";
import type { RegistryEntry } from "../../tables/registry";
import { meterOf, readStepBudget } from "../../lib/step-meter";
import type { StepContext } from "../steps/metered-step";
import { takeWithinBudget } from "../steps/take-within-budget";
import { recordGathered, type MediaRecords } from "../files/copy-files";
import { stagePages, stagedPages, type StagedAt } from "./staged-pages";
import { publicationOf } from "../mapping/publication";
import type { UnpublishedPage } from "../../data/unpublished-pages";

/** Subrequests a slice keeps in reserve for its closing writes (rows, media keys, a copy's held rows' columns, progress). */
const CLOSING_SUBREQUESTS = 6;

/** Unsupported block entries a slice hands back (the run lists at most a few hundred anyway). */
const UNSUPPORTED_PER_SLICE = 50;

/** Prefix of the R2 keys where a run stages its query pages (never a media file: those are under `notion/`). */
export const STAGE_PREFIX = "sync-stage/";

/** Where one cursor page of a run's query waits between the step that read it and those that turn it into rows (R2: strongly consistent, no size cap). */
export const stageKey = (runId: number, table: string, n: number) => `${STAGE_PREFIX}${runId}/${table}/${n}.json`;

/** Deletes what a run staged for a table (`pagesRead` cursor pages). */
export async function dropStaged(bucket: R2Bucket, runId: number, table: string, pagesRead: number): Promise<void> {
  const keys = Array.from({ length: pagesRead }, (_, n) => stageKey(runId, table, n));
  for (let at = 0; at < keys.length; at += 1000) await bucket.delete(keys.slice(at, at + 1000));
}

/** One read step's result: how many pages it staged (and its etag) and the cursor of the next read (null: that was the last). */
export type ReadResult = { count: number; etag: string; next: string | null; requests: number };

/** Reads one cursor page (up to 100 pages) of the entry's data source and stages it under `key`. */
export async function readAndStage(
  ctx: StepContext,
  entry: RegistryEntry,
  key: string,
  cursor: string | null,
  options: QueryOptions = {},
): Promise<ReadResult> {
  const run = notionRun(ctx.env);
  const page = await queryPage(run.notion, entry.dataSourceId!, cursor ?? undefined, options);
  const staged = await stagePages(ctx.env.MEDIA, key, page.pages);
  ctx.progress.pagesRead += page.pages.length;
  return { count: page.pages.length, etag: staged.etag, next: page.next, requests: run.stats.requests };
}

/** A slice's rows and what making them cost; `to` is where the next slice of the staged page starts. */
export type SliceRows = {
  to: number;
  rows: ColumnValue[][];
  /** Ids of the pages the slice turned into rows. */
  ids: string[];
  /** The slice's drafts and held pages: read, but never made into rows (nor their files copied, nor their bodies read). */
  unpublished: UnpublishedPage[];
  filesCopied: number;
  unsupported: UnsupportedBlock[];
  /** Files the slice could not copy (their rows were written without them). */
  skipped: SkippedFile[];
  requests: number;
  downloads: number;
};

/**
 * Turns staged pages from `from` on into rows (files copied, bodies read or kept), taking pages while the step's
 * subrequests stay under the step budget by the most one page has cost so far; at least one page, so a slice always
 * advances. Drafts and held pages (`publicationOf`) cost nothing and give no row: the caller decides what they mean.
 */
export async function sliceRows(
  ctx: StepContext,
  entry: RegistryEntry,
  at: StagedAt,
  from: number,
  kept: (pages: PageLike[]) => Promise<KeptBody>,
): Promise<SliceRows> {
  const { env } = ctx;
  const meter = meterOf(env) ?? { used: 0, budget: readStepBudget(env) };
  const pages = (await stagedPages(env.MEDIA, at)).slice(from);
  const keep = await kept(pages);
  const run = notionRun(env);
  const copied = { count: 0 };
  const index = await knownFiles(env, entry, pages);
  const skipped: SkippedFile[] = [];
  // The slice's media keys are recorded once, before its rows are written: a D1 call per step, not per page.
  const records: MediaRecords = { keys: [], sizes: [] };
  const store = { bucket: env.MEDIA, index, db: env.DB, download: run.download, copied, skipped, records };
  const unsupported: UnsupportedBlock[] = [];
  const made = new Map<PageLike, ColumnValue[]>();
  const unpublished: UnpublishedPage[] = [];
  const taken = await takeWithinBudget(meter, pages, CLOSING_SUBREQUESTS, async (p) => {
    const state = publicationOf(p, entry);
    if (state === "published") made.set(p, await pageRow(run, store, entry, p, unsupported, keep(p)));
    else unpublished.push({ id: p.id, state });
  });
  const written = pages.slice(0, taken).filter((p) => made.has(p));
  const rows = written.map((p) => made.get(p)!);
  await recordGathered(env.DB, records);
  ctx.progress.rowsWritten += rows.length;
  ctx.progress.filesCopied += copied.count;
  return {
    to: from + taken,
    rows,
    ids: written.map((p) => p.id),
    unpublished,
    filesCopied: copied.count,
    unsupported: unsupported.slice(0, UNSUPPORTED_PER_SLICE),
    skipped: skipped.slice(0, UNSUPPORTED_PER_SLICE),
    requests: run.stats.requests,
    downloads: run.stats.downloads,
  };
}

/**
 * The media index of a slice: the keys of its pages' property files that `media_files` records (one query), and D1
 * asked again for any other file (body images, known only once the body is read).
 */
async function knownFiles(env: Env, entry: RegistryEntry, pages: PageLike[]): Promise<MediaIndex> {
  const keys = pages.flatMap((p) => pageFiles(p, entry.columns).map((f) => fileKeyFor(f.file!.url!, f.name)));
  const known = await heldMediaFiles(env.DB, keys);
  return {
    held: async (wanted) => {
      const others = wanted.filter((k) => !keys.includes(k) && !known.has(k));
      const more = await heldMediaFiles(env.DB, others);
      return new Set(wanted.filter((k) => known.has(k) || more.has(k)));
    },
    add: (key) => void known.add(key),
  };
}
