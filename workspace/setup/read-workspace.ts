import { isFullDataSource, type Client, type DataSourceObjectResponse } from "@notionhq/client";
import type { SeenDatabase, SeenProperty } from "#contract/notion-check";

/** A data source's schema as Notion returns it. */
export type Schema = DataSourceObjectResponse["properties"];

/** A schema in the workspace check's terms: each property's name, type and, for a select or multi-select, its options. */
export function seenProperties(schema: Schema): SeenProperty[] {
  return Object.values(schema).map((p) => ({
    name: p.name,
    type: p.type,
    options:
      p.type === "select"
        ? p.select.options.map((o) => o.name)
        : p.type === "multi_select"
          ? p.multi_select.options.map((o) => o.name)
          : undefined,
  }));
}

/** The title of a data source as plain text. */
export const titleOf = (source: DataSourceObjectResponse) => source.title.map((t) => t.plain_text).join("");

/** A data source in the workspace check's terms. */
function seenDatabase(source: DataSourceObjectResponse): SeenDatabase {
  const databaseId = source.parent.type === "database_id" ? source.parent.database_id : source.id;
  return { databaseId, title: titleOf(source), properties: seenProperties(source.properties) };
}

/** Every data source shared with the integration, as the sync finds them: search (every cursor page), a partial result retrieved, the trash left out. */
export async function readWorkspace(notion: Client): Promise<SeenDatabase[]> {
  const seen = new Map<string, SeenDatabase>();
  let cursor: string | undefined;
  do {
    const page = await notion.search({ filter: { property: "object", value: "data_source" }, page_size: 100, start_cursor: cursor });
    for (const result of page.results) {
      if (result.object !== "data_source" || seen.has(result.id)) continue;
      const source = isFullDataSource(result) ? result : await notion.dataSources.retrieve({ data_source_id: result.id });
      if (isFullDataSource(source) && !source.in_trash) seen.set(source.id, seenDatabase(source));
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return [...seen.values()];
}
