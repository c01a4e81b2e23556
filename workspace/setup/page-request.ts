import { propKey } from "#contract/notion-names";
import type { DemoDatabase, DemoPage, Span } from "../demo/types.ts";
import { blockCount, NOTION_LIMITS, payloadBytes } from "./request-rules.ts";
import { propertyValue, requestBlocks, type UploadImage } from "./request-values.ts";
import type { PropertyType, Schema } from "./schema-plan.ts";

type Obj = Record<string, unknown>;

/** A property a page can be given: its name and type in the database it goes into. */
export type TargetProperty = { name: string; type: PropertyType };

/** The properties of a schema as pages are given them. */
export const targetsOf = (schema: Schema): TargetProperty[] => Object.values(schema).map((p) => ({ name: p.name, type: p.type }));

/** A demo page as Notion is sent it: its title, its properties under the database's names, its body. */
export type PageRequest = { title: string; properties: Obj; blocks: Obj[] };

/** The plain text of a title value. */
const plainText = (rich: unknown) =>
  typeof rich === "string" ? rich : Array.isArray(rich) ? (rich as Span[]).map((s) => s.text).join("") : "";

/** The name of a demo database's title property. */
const titleName = (db: DemoDatabase) => Object.entries(db.properties).find(([, property]) => property.type === "title")?.[0];

/** A demo page's title. */
export const demoTitle = (db: DemoDatabase, page: DemoPage) => plainText(page.properties[titleName(db) ?? ""]);

/**
 * A demo page as a request for a database with `targets`: the title into its title property, the others matched by name
 * as the sync matches (case and spaces ignored), each converted to the type the database has; a value with no place
 * there is left out.
 */
export async function pageRequest(db: DemoDatabase, page: DemoPage, targets: TargetProperty[], upload: UploadImage): Promise<PageRequest> {
  const properties: Obj = {};
  for (const [name, value] of Object.entries(page.properties)) {
    const target =
      db.properties[name]?.type === "title"
        ? targets.find((p) => p.type === "title")
        : targets.find((p) => propKey(p.name) === propKey(name));
    if (!target) continue;
    const made = await propertyValue(target.type, value, upload);
    if (made) properties[target.name] = made;
  }
  return { title: demoTitle(db, page), properties, blocks: await requestBlocks(page.body ?? [], upload) };
}

/**
 * A page's body cut into requests Notion takes: at most 100 blocks at the top of each, 1,000 in all (nested ones
 * counted) and a body of 500 KB; `room` is what the request's other fields already take.
 */
export function blockChunks(blocks: Obj[], room = 0): Obj[][] {
  const chunks: Obj[][] = [];
  let chunk: Obj[] = [];
  for (const block of blocks) {
    const next = [...chunk, block];
    const full =
      next.length > NOTION_LIMITS.children ||
      blockCount(next) > NOTION_LIMITS.blocksPerRequest ||
      payloadBytes({ children: next }) + (chunks.length === 0 ? room : 0) > NOTION_LIMITS.payloadBytes;
    if (full && chunk.length > 0) {
      chunks.push(chunk);
      chunk = [block];
    } else chunk = next;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
