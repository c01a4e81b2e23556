import { collectPaginatedAPI, isFullPage, type Client } from "@notionhq/client";
import { propKey } from "#contract/notion-names";
import { loadDemoWorkspace } from "../demo-workspace/load.ts";
import type { DatabaseSpec, PageSpec } from "../demo-workspace/types.ts";
import { propertyValue, requestBlocks, type UploadImage } from "./demo-values.ts";
import type { Schema } from "./read-workspace.ts";
import { imageUploader } from "./uploads.ts";

/** A database setup made or found, ready to be filled. */
export type FillTarget = { title: string; dataSourceId: string; schema: Schema };

/** Notion takes at most this many blocks in one request. */
const BLOCKS_PER_REQUEST = 100;

const plainText = (rich: unknown) =>
  typeof rich === "string" ? rich : Array.isArray(rich) ? (rich as { text: string }[]).map((s) => s.text).join("") : "";

/**
 * Fills the databases with the bundled demo workspace (its test-only pages left out): every item, post, header,
 * description and image, the images uploaded through the File Upload API. A page whose title a database already holds
 * is skipped, so a second run adds nothing. Prints one line per database.
 */
export async function fillDemo(notion: Client, targets: FillTarget[], out: (line: string) => void): Promise<void> {
  const uploader = imageUploader(notion);
  out("Demo workspace:");
  for (const db of loadDemoWorkspace().databases) {
    const target = targets.find((t) => t.title === db.title);
    if (!target) {
      out(`  ${db.title}: not filled (the database needs attention first)`);
      continue;
    }
    const titleOf = Object.values(target.schema).find((p) => p.type === "title")!;
    const existing = await existingTitles(notion, target.dataSourceId, titleOf.name);
    const pages = db.pages.filter((p) => !p.testOnly);
    let added = 0;
    for (const page of pages) {
      const title = plainText(page.properties[demoTitle(db)]);
      if (existing.has(title)) continue;
      await createPage(notion, target.dataSourceId, await pageProperties(db, page, target.schema, uploader.upload), page, uploader.upload);
      existing.add(title);
      added += 1;
    }
    const there = pages.length - added;
    const pagesWord = (n: number) => `${n} ${n === 1 ? "page" : "pages"}`;
    out(
      `  ${db.title}: ${added === 0 ? `nothing added (${pagesWord(there)} already there)` : `${pagesWord(added)} added${there ? `, ${there} already there` : ""}`}`,
    );
  }
  out(`  ${uploader.count()} images uploaded`);
}

const demoTitle = (db: DatabaseSpec) => Object.entries(db.properties).find(([, property]) => property.type === "title")![0];

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

/** A demo page's values for the properties the database has: the title into its title property, the others matched by name as the sync matches. */
async function pageProperties(db: DatabaseSpec, page: PageSpec, schema: Schema, upload: UploadImage): Promise<Record<string, unknown>> {
  const properties: Record<string, unknown> = {};
  const targets = Object.values(schema);
  for (const [name, value] of Object.entries(page.properties)) {
    const target =
      db.properties[name]?.type === "title"
        ? targets.find((p) => p.type === "title")
        : targets.find((p) => propKey(p.name) === propKey(name));
    if (!target) continue;
    const made = await propertyValue(target.type, value, upload);
    if (made) properties[target.name] = made;
  }
  return properties;
}

/** Creates the page with its body: the first 100 blocks with it, any others appended 100 at a time. */
async function createPage(notion: Client, dataSourceId: string, properties: Record<string, unknown>, page: PageSpec, upload: UploadImage) {
  const blocks = await requestBlocks(page.body ?? [], upload);
  const created = await notion.pages.create({
    parent: { data_source_id: dataSourceId },
    properties: properties as never,
    children: blocks.slice(0, BLOCKS_PER_REQUEST) as never,
  });
  for (let i = BLOCKS_PER_REQUEST; i < blocks.length; i += BLOCKS_PER_REQUEST)
    await notion.blocks.children.append({ block_id: created.id, children: blocks.slice(i, i + BLOCKS_PER_REQUEST) as never });
}
