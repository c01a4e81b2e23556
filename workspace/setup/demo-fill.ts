import { collectPaginatedAPI, isFullPage, type Client } from "@notionhq/client";
import { picturesIn } from "../demo/images.ts";
import type { DemoDatabase } from "../demo/types.ts";
import type { SetupTarget } from "./databases.ts";
import { blockChunks, demoTitle, pageRequest, targetsOf } from "./page-request.ts";
import { payloadBytes } from "./request-rules.ts";
import { imageUploader, type DemoImageBytes } from "./uploads.ts";

/** What one fill of a database did: pages added, pages already there, pages still to add, and every picture uploaded so far (picture -> upload id). */
export type FillOutcome = {
  title: string;
  added: number;
  already: number;
  remaining: number;
  uploaded: number;
  uploads: Record<string, string>;
};

/**
 * Options of a fill: at most `maxPages` pages added this time (a workflow step's share), pictures uploaded by earlier
 * fills, and `room`, asked before each page after the first with how many pictures that page would upload: whether
 * the caller has room for it (a workflow step's subrequests), else the fill ends there.
 */
export type FillOptions = { maxPages?: number; uploads?: Record<string, string>; room?: (pictures: number) => boolean };

/**
 * Adds the pages of `content` (its test-only pages left out) that the database does not hold yet, by title, with their
 * bodies and pictures (each picture uploaded once and attached wherever used): at most `maxPages` of them, so a caller
 * can fill a database in several steps. A page whose title the database already holds is skipped, so running it again
 * (a retried step, a second setup) adds nothing twice.
 */
export async function fillDatabase(
  notion: Client,
  bytesOf: DemoImageBytes,
  target: SetupTarget,
  content: DemoDatabase,
  { maxPages = Infinity, uploads = {}, room }: FillOptions = {},
): Promise<FillOutcome> {
  const targets = targetsOf(target.schema);
  const titleProperty = targets.find((p) => p.type === "title")!.name;
  const existing = await existingTitles(notion, target.dataSourceId, titleProperty);
  const pages = content.pages.filter((page) => !page.testOnly);
  const missing = pages.filter((page) => !existing.has(demoTitle(content, page)));
  const uploader = imageUploader(notion, bytesOf, uploads);
  let added = 0;
  for (const page of missing.slice(0, maxPages)) {
    if (added > 0 && room && !room([...picturesIn(page)].filter((image) => !uploader.has(image)).length)) break;
    const request = await pageRequest(content, page, targets, uploader.upload);
    const [first = [], ...rest] = blockChunks(request.blocks, payloadBytes({ properties: request.properties }));
    const created = await notion.pages.create({
      parent: { data_source_id: target.dataSourceId },
      properties: request.properties as never,
      children: first as never,
    });
    for (const chunk of rest) await notion.blocks.children.append({ block_id: created.id, children: chunk as never });
    added += 1;
  }
  return {
    title: content.title,
    added,
    already: pages.length - missing.length,
    remaining: missing.length - added,
    uploaded: uploader.count(),
    uploads: await uploader.ids(),
  };
}

/** The line a fill prints: `Slot Machines: 15 pages added` (or nothing added, with how many were there). */
export function fillLine(outcome: Pick<FillOutcome, "title" | "added" | "already">): string {
  const pagesWord = (n: number) => `${n} ${n === 1 ? "page" : "pages"}`;
  if (outcome.added === 0) return `${outcome.title}: nothing added (${pagesWord(outcome.already)} already there)`;
  return `${outcome.title}: ${pagesWord(outcome.added)} added${outcome.already ? `, ${outcome.already} already there` : ""}`;
}

/** The titles of the pages a data source holds. */
async function existingTitles(notion: Client, dataSourceId: string, titleName: string): Promise<Set<string>> {
  const pages = await collectPaginatedAPI(notion.dataSources.query, { data_source_id: dataSourceId, page_size: 100 });
  const titles = new Set<string>();
  for (const page of pages) {
    const title = isFullPage(page) ? page.properties[titleName] : undefined;
    if (title?.type === "title") titles.add(title.title.map((t) => t.plain_text).join(""));
  }
  return titles;
}
