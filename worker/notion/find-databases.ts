import type { Client } from "@notionhq/client";
import type { SeenDatabase } from "#contract/notion-check";
import { titleKey } from "#contract/notion-names";
import type { z } from "zod";
import { notionList, NotionSearchResult, readNotion } from "./notion-shapes";
import type { PropertySchema } from "./types";

/** A data source found by search: its database, its own id, title and property schema. */
export type FoundDataSource = {
  databaseId: string;
  dataSourceId: string;
  title: string;
  properties: Record<string, PropertySchema>;
  lastEdited: string;
};

type DataSourceLike = z.output<typeof NotionSearchResult>;

/** Every data source search returned, by title key: more than one under a key when databases share a title. */
export type FoundDataSources = Map<string, FoundDataSource[]>;

/**
 * Every data source shared with the integration, via search (all cursor pages), keyed by title key. Databases sharing
 * a title are all kept, so the sync can refuse to choose between them.
 */
export async function findDataSources(notion: Client): Promise<FoundDataSources> {
  const found: FoundDataSources = new Map();
  let cursor: string | undefined;
  do {
    const page = await readNotion("the search for data sources", notionList(NotionSearchResult), () =>
      notion.search({ filter: { property: "object", value: "data_source" }, page_size: 100, start_cursor: cursor }),
    );
    for (const result of page.results) {
      const source = await complete(notion, result);
      if (!source) continue;
      const key = titleKey(source.title);
      const same = found.get(key) ?? [];
      // A data source can turn up on two search pages when the workspace changes between them.
      if (!same.some((s) => s.dataSourceId === source.dataSourceId)) found.set(key, [...same, source]);
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return found;
}

/** A search result as a FoundDataSource, fetching the data source when search returned only a partial object. */
async function complete(notion: Client, result: DataSourceLike): Promise<FoundDataSource | null> {
  if (result.object !== "data_source" || result.in_trash || result.archived) return null;
  const full =
    result.properties && result.title
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

/** What search found for one contract database: its one data source, none, or several databases with its title. */
export type Lookup = { kind: "found"; source: FoundDataSource } | { kind: "missing" } | { kind: "duplicate"; sources: FoundDataSource[] };

/** The data source for `title`; two or more with that title are a duplicate, left to the operator rather than guessed at. */
export function lookUp(found: FoundDataSources, title: string): Lookup {
  const sources = found.get(titleKey(title)) ?? [];
  const [first] = sources;
  if (!first) return { kind: "missing" };
  if (sources.length === 1) return { kind: "found", source: first };
  return { kind: "duplicate", sources };
}

/** The operator's message for databases sharing a contract title: each by title and id, and what the sync did. */
export function duplicateMessage(title: string, sources: FoundDataSource[]): string {
  // A database holding two data sources of that title is named twice: its data source ids tell them apart.
  const shared = (s: FoundDataSource) => sources.filter((o) => o.databaseId === s.databaseId).length > 1;
  const ids = sources.map((s) => (shared(s) ? `${s.databaseId} (data source ${s.dataSourceId})` : s.databaseId));
  return (
    `${sources.length} Notion databases are titled "${title}" (ids ${ids.join(", ")}). The sync leaves its table as it was ` +
    `until only one is left: rename, delete or stop sharing the others, then sync again.`
  );
}

/** Every data source found, in the workspace check's terms: title, database id and each property's type and options. */
export function seenDatabases(found: FoundDataSources): SeenDatabase[] {
  return [...found.values()].flat().map((source) => ({
    databaseId: source.databaseId,
    title: source.title,
    properties: Object.entries(source.properties).map(([name, p]) => ({
      name: p.name ?? name,
      type: p.type,
      options: (p.select ?? p.multi_select)?.options?.map((o) => o.name),
    })),
  }));
}
