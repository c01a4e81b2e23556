import type { PageDescription } from "#contract/public-api";
import { readOne } from "./lookup";
import { richPieces } from "./rich-text";
import { type Fields, text } from "./values";

/** Row -> PageDescription. */
function toPageDescription(fields: Fields): PageDescription {
  const description = text(fields("Description"));
  return { section: text(fields("Section")) ?? "", description, richText: richPieces(fields("Description", "rich"), description) };
}

/** The Page Descriptions entry for a section (e.g. `navigation`), or null. */
export function readPageDescription(db: D1Database, section: string): Promise<PageDescription | null> {
  return readOne(db, "Page Descriptions", "Section", section, toPageDescription);
}
