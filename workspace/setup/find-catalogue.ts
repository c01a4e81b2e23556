import { isFullDatabase, isFullDataSource, type Client, type DataSourceObjectResponse } from "@notionhq/client";
import type { FoundBy, SeenDatabase } from "#contract/notion-check";
import { NOTION_LAYOUT, type LayoutDatabase } from "#contract/notion-layout";
import { titleKey } from "#contract/notion-names";
import { childDatabases } from "./parent-page.ts";
import { seenProperties, type Schema } from "./schema-plan.ts";

/** A database of the catalogue as found: in the check's terms, plus its data source, its schema, how it was found and the page it sits under. */
export type FoundDatabase = SeenDatabase & { dataSourceId: string; schema: Schema; foundBy: FoundBy; parentPageId: string | null };

/** The title of a data source as plain text. */
export const titleOf = (source: DataSourceObjectResponse) => source.title.map((t) => t.plain_text).join("");

/** The page a data source's database sits under, or null when it sits elsewhere (the workspace, another block). */
const parentPageOf = (source: DataSourceObjectResponse): string | null => {
  const parent = (source as { database_parent?: { type?: string; page_id?: string } }).database_parent;
  return parent?.type === "page_id" && parent.page_id ? parent.page_id : null;
};

function found(source: DataSourceObjectResponse, foundBy: FoundBy, title = titleOf(source)): FoundDatabase {
  const databaseId = source.parent.type === "database_id" ? source.parent.database_id : source.id;
  return {
    databaseId,
    dataSourceId: source.id,
    title,
    properties: seenProperties(source.properties),
    schema: source.properties,
    foundBy,
    parentPageId: parentPageOf(source),
  };
}

/** A database's data source with its schema: the one named as the database is, else its first. */
export async function databaseSource(notion: Client, databaseId: string, title: string): Promise<DataSourceObjectResponse | null> {
  const database = await notion.databases.retrieve({ database_id: databaseId });
  if (!isFullDatabase(database) || database.in_trash) return null;
  const ref = database.data_sources.find((s) => titleKey(s.name) === titleKey(title)) ?? database.data_sources[0];
  if (!ref) return null;
  const source = await notion.dataSources.retrieve({ data_source_id: ref.id });
  return isFullDataSource(source) && !source.in_trash ? source : null;
}

/**
 * The catalogue's databases as the sync finds them: first the databases under the catalogue's page (its child_database
 * blocks, which Notion lists as soon as they exist), then, for a layout title not found there (or with no page known),
 * Notion's search, which may miss a database or lag behind a new one. Only databases with a layout title are read.
 */
export async function findCatalogue(
  notion: Client,
  parentPageId: string | null,
  layout: readonly LayoutDatabase[] = NOTION_LAYOUT,
): Promise<FoundDatabase[]> {
  const wanted = new Set(layout.map((db) => titleKey(db.title)));
  const result: FoundDatabase[] = [];
  if (parentPageId) {
    for (const child of await childDatabases(notion, parentPageId)) {
      if (!wanted.has(titleKey(child.title))) continue;
      const source = await databaseSource(notion, child.id, child.title);
      // Under the page the database's own title is the one the operator sees; its data source carries it too.
      if (source) result.push(found(source, "page", child.title));
    }
  }
  const missing = new Set([...wanted].filter((key) => !result.some((f) => titleKey(f.title) === key)));
  if (missing.size === 0) return result;
  let cursor: string | undefined;
  do {
    const page = await notion.search({ filter: { property: "object", value: "data_source" }, page_size: 100, start_cursor: cursor });
    for (const hit of page.results) {
      if (hit.object !== "data_source" || result.some((f) => f.dataSourceId === hit.id)) continue;
      const partial = hit as Partial<DataSourceObjectResponse>;
      if (partial.title && !missing.has(titleKey(titleOf(partial as DataSourceObjectResponse)))) continue;
      const source = isFullDataSource(hit) ? hit : await notion.dataSources.retrieve({ data_source_id: hit.id });
      if (isFullDataSource(source) && !source.in_trash && missing.has(titleKey(titleOf(source)))) result.push(found(source, "search"));
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return result;
}
