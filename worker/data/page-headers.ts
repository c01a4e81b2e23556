import type { PageHeader } from "#contract/public-api";
import { readOne } from "./lookup";
import { type Fields, text } from "./values";

/** Row -> PageHeader; `id` is the Notion page id, `pageId` the site page it belongs to. */
function toPageHeader(fields: Fields): PageHeader {
  return {
    id: text(fields("id")) ?? "",
    pageId: text(fields("Page Id")) ?? "",
    title: text(fields("Title")),
    iconType: text(fields("Icon Type")),
  };
}

/** The Page Headers entry for a site page id (e.g. `slots`), or null. */
export function readPageHeader(db: D1Database, pageId: string): Promise<PageHeader | null> {
  return readOne(db, "Page Headers", "Page Id", pageId, toPageHeader);
}
