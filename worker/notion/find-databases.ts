import type { Client } from "@notionhq/client";
import type { z } from "zod";
import { notionList, NotionSearchResult, readNotion } from "./notion-shapes";
import type { PropertySchema } from "./schema";
import { titleKey } from "./workspace";

/** A data source found by search: its database, its own id, title and property schema. */
export type FoundDataSource = { databaseId: string; dataSourceId: string; title: string; properties: Record<string, PropertySchema>; lastEdited: string };

type DataSourceLike = z.output<typeof NotionSearchResult>;

/**
 * Every data source shared with the integration, via search (all cursor pages), keyed by title key. Where two
 * share a title the most recently edited wins.
 */
export async function findDataSources(notion: Client): Promise<Map<string, FoundDataSource>> {
  const found = new Map<string, FoundDataSource>();
  let cursor: string | undefined;
  do {
    const page = await readNotion("the search for data sources", notionList(NotionSearchResult), () =>
      notion.search({ filter: { property: "object", value: "data_source" }, page_size: 100, start_cursor: cursor }),
    );
    for (const result of page.results) {
      const source = await complete(notion, result);
      if (!source) continue;
      const key = titleKey(source.title);
      const prev = found.get(key);
      if (!prev || prev.lastEdited < source.lastEdited) found.set(key, source);
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return found;
}

/** A search result as a FoundDataSource, fetching the data source when search returned only a partial object. */
async function complete(notion: Client, result: DataSourceLike): Promise<FoundDataSource | null> {
  if (result.object !== "data_source" || result.in_trash || result.archived) return null;
  const full = result.properties && result.title
    ? result
    : await readNotion("a data source retrieval", NotionSearchResult, () => notion.dataSources.retrieve({ data_source_id: result.id }));
  const title = (full.title ?? []).map((t) => t.plain_text ?? "").join("");
  return {
    databaseId: full.parent?.database_id ?? full.id,
    dataSourceId: full.id,
    title,
    properties: full.properties ?? {},
    lastEdited: full.last_edited_time ?? "",
  };
}
