import type { Client } from "@notionhq/client";
import type { z } from "zod";
import { NotionPage, notionList, readNotion } from "./notion-shapes";
import type { PageLike } from "./page-row";

const QueryResult = notionList(NotionPage);
type QueryResult = z.output<typeof QueryResult>;

/** A narrower query: only pages edited on or after `editedSince` (ISO), and/or only the properties with the ids `onlyProperties`. */
export type QueryOptions = { editedSince?: string; onlyProperties?: string[] };

/**
 * Every page of a data source, one cursor page (up to 100) at a time. The next cursor page is requested as soon
 * as this one arrives, so Notion's pacing overlaps the caller's work on it.
 */
export async function* queryPages(notion: Client, dataSourceId: string, options: QueryOptions = {}): AsyncGenerator<PageLike[]> {
  const filter = options.editedSince ? { timestamp: "last_edited_time" as const, last_edited_time: { on_or_after: options.editedSince } } : undefined;
  const query = (cursor?: string) =>
    readNotion("the data source query", QueryResult, () =>
      notion.dataSources.query({ data_source_id: dataSourceId, page_size: 100, start_cursor: cursor, filter, filter_properties: options.onlyProperties }),
    );
  let next: Promise<QueryResult> | null = query();
  try {
    while (next) {
      const page: QueryResult = await next;
      next = page.has_more && page.next_cursor ? query(page.next_cursor) : null;
      yield page.results.filter((p) => p.object === "page" && p.properties);
    }
  } finally {
    // When the caller stops early (a failure), the prefetched page is never awaited: keep it from going unhandled.
    next?.catch(() => undefined);
  }
}

/** One cursor page (up to 100 pages) of a data source from `cursor` on, and the cursor after it (null: the last). */
export async function queryPage(notion: Client, dataSourceId: string, cursor: string | undefined, options: QueryOptions = {}): Promise<{ pages: PageLike[]; next: string | null }> {
  const filter = options.editedSince ? { timestamp: "last_edited_time" as const, last_edited_time: { on_or_after: options.editedSince } } : undefined;
  const page = await readNotion("the data source query", QueryResult, () =>
    notion.dataSources.query({ data_source_id: dataSourceId, page_size: 100, start_cursor: cursor, filter, filter_properties: options.onlyProperties }),
  );
  return { pages: page.results.filter((p) => p.object === "page" && p.properties), next: page.has_more && page.next_cursor ? page.next_cursor : null };
}
