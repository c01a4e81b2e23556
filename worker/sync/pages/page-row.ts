import type { Client } from "@notionhq/client";
import { bodyImages, fetchBlockTree } from "../../notion/blocks";
import type { NotionRun } from "../../notion/client";
import { fileKeyFor } from "../files/file-keys";
import { copyFiles, siteUrlLookup, type FileSource, type FileStore } from "../files/copy-files";
import { blocksToMarkdown } from "../mapping/markdown";
import { NotionBlock, NotionPage, readNotion } from "../../notion/notion-shapes";
import type { BlockNode, PageLike } from "../../notion/types";
import { pageFiles, rowValues } from "../mapping/row-values";
import type { SiteUrlFor } from "../mapping/properties";
import type { RegistryEntry } from "../../tables/registry";
import type { ColumnValue } from "../../tables/schema";
import type { UnsupportedBlock } from "#contract/sync-runs";
import { bodyWhenEdited } from "../mapping/workspace";

/**
 * One page's row: its body as Markdown when the table has bodies, its files copied to R2 first; blocks the Markdown left
 * out go to `unsupported`. `keptBody` (a body already synced for this page version, or null for none yet) stands in
 * for reading the body again.
 */
export async function pageRow(
  run: NotionRun,
  store: FileStore,
  entry: RegistryEntry,
  page: PageLike,
  unsupported?: UnsupportedBlock[],
  keptBody?: string | null,
): Promise<ColumnValue[]> {
  const readBody = entry.hasBody && keptBody === undefined;
  const tree = readBody ? await fetchBlockTree(run.notion, page.id) : [];
  const sources: FileSource[] = [...propertyFileSources(run.notion, page, entry), ...bodyImageSources(run.notion, tree)];
  const siteUrl = siteUrlLookup(await copyFiles(store, sources, { id: page.id, title: pageTitle(page) }));
  const dropped = new Map<string, number>();
  const onDropped = (type: string) => dropped.set(type, (dropped.get(type) ?? 0) + 1);
  const body = !entry.hasBody ? undefined : readBody ? readMarkdown(entry, tree, siteUrl, onDropped) : keptBody;
  for (const [type, count] of dropped) unsupported?.push({ pageId: page.id, pageTitle: pageTitle(page), type, count });
  return rowValues(page, entry.columns, siteUrl, body);
}

/** The plain text of a page's title property, if it has one. */
function pageTitle(page: PageLike): string | undefined {
  const title = Object.values(page.properties ?? {}).find((p) => p.type === "title");
  const pieces = title?.title;
  return Array.isArray(pieces) ? (pieces as { plain_text?: string }[]).map((r) => r.plain_text ?? "").join("") : undefined;
}

/** A body as stored: a catalogue page read with an empty body keeps "" so that NULL means "not read yet" (see `backfillBodies`). */
function readMarkdown(entry: RegistryEntry, tree: BlockNode[], siteUrl: SiteUrlFor, onDropped: (type: string) => void): string | null {
  return blocksToMarkdown(tree, siteUrl, onDropped) ?? (bodyWhenEdited(entry.tableName) ? "" : null);
}

/** A page's body as Markdown ("" when empty), its images copied to R2 first: for bodies filled in apart from their rows. */
export async function pageBody(run: NotionRun, store: FileStore, pageId: string): Promise<string> {
  const tree = await fetchBlockTree(run.notion, pageId);
  return blocksToMarkdown(tree, siteUrlLookup(await copyFiles(store, bodyImageSources(run.notion, tree), { id: pageId }))) ?? "";
}

/** What the run's list of files not copied names as the property of an image in a page's body. */
const BODY_PROPERTY = "Page body";

/** Images in a page's body; an expired one is re-found by retrieving its block. */
function bodyImageSources(notion: Client, tree: BlockNode[]): FileSource[] {
  return bodyImages(tree).map(({ url, blockId }) => ({ url, property: BODY_PROPERTY, refresh: () => freshBlockImageUrl(notion, blockId) }));
}

/** Files in the page's properties; an expired one is re-found by its key in a fresh read of the page (one read per page). */
function propertyFileSources(notion: Client, page: PageLike, entry: RegistryEntry): FileSource[] {
  let reread: Promise<PageLike> | undefined;
  return pageFiles(page, entry.columns).map((file) => ({
    url: file.file!.url!,
    name: file.name,
    property: file.property,
    refresh: async () => {
      reread ??= readNotion("a page retrieval", NotionPage, () => notion.pages.retrieve({ page_id: page.id }));
      const key = fileKeyFor(file.file!.url!, file.name);
      const fresh = pageFiles(await reread, entry.columns).find((f) => fileKeyFor(f.file!.url!, f.name) === key);
      return fresh?.file?.url;
    },
  }));
}

async function freshBlockImageUrl(notion: Client, blockId: string): Promise<string | undefined> {
  const block = await readNotion("a block retrieval", NotionBlock, () => notion.blocks.retrieve({ block_id: blockId }));
  return bodyImages([{ block, children: [] }])[0]?.url;
}
