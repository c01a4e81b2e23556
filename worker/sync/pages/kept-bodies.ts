import { quoteIdent } from "../../tables/naming";
import type { PageLike } from "../../notion/types";

/** For a page about to be copied: the body to keep (a string, or null for none read yet), or undefined to read it now. */
export type KeptBody = (page: PageLike) => string | null | undefined;

/**
 * What a full copy of a table whose bodies are read only when edited does with the bodies of the pages `ids`: a page
 * the live table holds at the same `last_edited_time` keeps its synced body (or its lack of one); any other page is
 * read. (The table's first copy reads no body at all: bodies arrive as pages are edited; the caller checks that.)
 */
export async function keptBodies(db: D1Database, table: string, ids: string[]): Promise<KeptBody> {
  const { results: columns } = await db.prepare("SELECT name FROM pragma_table_info(?1)").bind(table).all<{ name: string }>();
  if (columns.length === 0) return () => null;
  const body = columns.some((c) => c.name === "body_md") ? "body_md" : "NULL";
  const { results } = await db
    .prepare(
      `SELECT id, last_edited_time AS edited, ${body} AS body FROM ${quoteIdent(table)} WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<{ id: string; edited: string | null; body: string | null }>();
  const live = new Map(results.map((r) => [r.id, r]));
  return (page) => {
    const row = live.get(page.id);
    return row && row.edited === (page.last_edited_time ?? null) ? row.body : undefined;
  };
}
