import type { Client } from "@notionhq/client";
import { NotionPage, notionList, readNotion } from "./notion-shapes";
import type { PageLike } from "./types";

const QueryResult = notionList(NotionPage);

/** A narrower query: only pages edited on or after `editedSince` (ISO), and/or only the properties with the ids `onlyProperties`. */
export type QueryOptions = { editedSince?: string; onlyProperties?: string[] };

/** One cursor page (up to 100 pages) of a data source from `cursor` on, and the cursor after it (null: the last). */
export async function queryPage(
  notion: Client,
  dataSourceId: string,
  cursor: string | undefined,
  options: QueryOptions = {},
): Promise<{ pages: PageLike[]; next: string | null }> {
  const filter = options.editedSince
    ? { timestamp: "last_edited_time" as const, last_edited_time: { on_or_after: options.editedSince } }
    : undefined;
  const page = await readNotion("the data source query", QueryResult, () =>
    notion.dataSources.query({
      data_source_id: dataSourceId,
      page_size: 100,
      start_cursor: cursor,
      filter,
      filter_properties: options.onlyProperties,
    }),
  );
  return {
    pages: page.results.filter((p) => p.object === "page" && p.properties),
    next: page.has_more && page.next_cursor ? page.next_cursor : null,
  };
}
