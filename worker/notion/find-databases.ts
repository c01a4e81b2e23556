import { APIErrorCode, APIResponseError, type Client } from "@notionhq/client";
import type { FoundBy, SeenDatabase } from "#contract/notion-check";
import { titleKey } from "#contract/notion-names";
import type { z } from "zod";
import { NotionChildBlock, NotionDatabase, NotionDataSource, notionList, readNotion } from "./notion-shapes";
import type { PropertySchema } from "./types";
import { logEvent } from "../lib/log";
import { normaliseNotionId } from "../lib/notion-id";

/** A data source of the catalogue: its database, its own id, title and property schema, how it was found and the page its database sits under. */
export type FoundDataSource = {
  databaseId: string;
  dataSourceId: string;
  title: string;
  properties: Record<string, PropertySchema>;
  lastEdited: string;
  foundBy: FoundBy;
  parentPageId: string | null;
};

type DataSourceAnswer = z.output<typeof NotionDataSource>;

/** Every data source found, by title key: more than one under a key when databases share a title. */
export type FoundDataSources = Map<string, FoundDataSource[]>;

/** Where to look: the catalogue's page (null: unknown), the titles wanted, and data source ids recorded for databases already synced (by database id). */
export type Lookout = {
  parentPageId: string | null;
  titles: readonly string[];
  known?: readonly { databaseId: string; dataSourceId: string }[];
};

/**
 * The catalogue's data sources. First the catalogue's page: its child_database blocks, which Notion lists as soon as a
 * database exists, each retrieved (through the data source id recorded for it when there is one). Then, for a wanted
 * title not found there (or with no page known), Notion's search, which is not guaranteed to return everything and lags
 * behind new databases. Databases sharing a title are all kept, so the sync can refuse to choose between them.
 */
export async function findDataSources(notion: Client, lookout: Lookout): Promise<FoundDataSources> {
  const found: FoundDataSources = new Map();
  const wanted = new Set(lookout.titles.map(titleKey));
  const add = (source: FoundDataSource) => {
    const key = titleKey(source.title);
    const same = found.get(key) ?? [];
    // A data source can turn up on two search pages when the workspace changes between them.
    if (!same.some((s) => s.dataSourceId === source.dataSourceId)) found.set(key, [...same, source]);
  };
  if (lookout.parentPageId) {
    for (const child of await childDatabases(notion, lookout.parentPageId)) {
      if (!wanted.has(titleKey(child.title))) continue;
      const known = lookout.known?.find((k) => sameId(k.databaseId, child.id))?.dataSourceId;
      const source = await underPage(notion, child, known);
      if (source) add({ ...source, title: child.title });
    }
  }
  const missing = new Set([...wanted].filter((key) => !found.has(key)));
  if (missing.size === 0) return found;
  let cursor: string | undefined;
  do {
    const page = await readNotion("the search for data sources", notionList(NotionDataSource), () =>
      notion.search({ filter: { property: "object", value: "data_source" }, page_size: 100, start_cursor: cursor }),
    );
    for (const result of page.results) {
      if (result.object !== "data_source" || result.in_trash || result.archived) continue;
      // A partial result (no title) is retrieved to learn its title.
      if (result.title && !missing.has(titleKey(plain(result.title)))) continue;
      const full = result.properties && result.title ? result : await retrieve(notion, result.id);
      const source = full && foundSource(full, "search");
      if (source && missing.has(titleKey(source.title))) add(source);
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return found;
}

const plain = (title: { plain_text?: string }[]) => title.map((t) => t.plain_text ?? "").join("");

function foundSource(full: DataSourceAnswer, foundBy: FoundBy): FoundDataSource | null {
  if (full.in_trash || full.archived) return null;
  const parent = full.database_parent;
  return {
    databaseId: full.parent?.database_id ?? full.id,
    dataSourceId: full.id,
    title: plain(full.title ?? []),
    properties: full.properties ?? {},
    lastEdited: full.last_edited_time ?? "",
    foundBy,
    parentPageId: parent?.type === "page_id" && parent.page_id ? parent.page_id : null,
  };
}

const retrieve = (notion: Client, id: string) =>
  readNotion("a data source retrieval", NotionDataSource, () => notion.dataSources.retrieve({ data_source_id: id }));

/** The databases under the catalogue's page, by their child_database blocks; none when the page is gone or no longer shared (search then looks). */
async function childDatabases(notion: Client, pageId: string): Promise<{ id: string; title: string }[]> {
  const children: { id: string; title: string }[] = [];
  let cursor: string | undefined;
  try {
    do {
      const page = await readNotion("the blocks of the catalogue's page", notionList(NotionChildBlock), () =>
        notion.blocks.children.list({ block_id: pageId, page_size: 100, start_cursor: cursor }),
      );
      for (const block of page.results)
        if (block.type === "child_database" && block.child_database) children.push({ id: block.id, title: block.child_database.title });
      cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
    } while (cursor);
  } catch (err) {
    if (!(APIResponseError.isAPIResponseError(err) && err.code === APIErrorCode.ObjectNotFound)) throw err;
    logEvent(
      "notion_page_not_found",
      { pageId, message: "the catalogue's page is gone or no longer shared with the integration; searching for the databases" },
      "warn",
    );
    return [];
  }
  return children;
}

/** A database under the page, through its recorded data source when that still belongs to it, else its data source of the same name (or its first). */
async function underPage(notion: Client, child: { id: string; title: string }, known: string | undefined): Promise<FoundDataSource | null> {
  if (known) {
    const source = await retrieve(notion, known).catch((err: unknown) => {
      if (APIResponseError.isAPIResponseError(err) && err.code === APIErrorCode.ObjectNotFound) return null;
      throw err;
    });
    if (source && sameId(source.parent?.database_id, child.id)) return foundSource(source, "page");
  }
  const database = await readNotion("a database retrieval", NotionDatabase, () => notion.databases.retrieve({ database_id: child.id }));
  if (database.in_trash || database.archived) return null;
  const ref = database.data_sources.find((s) => titleKey(s.name ?? "") === titleKey(child.title)) ?? database.data_sources[0];
  return ref ? foundSource(await retrieve(notion, ref.id), "page") : null;
}

const sameId = (a: string | undefined, b: string) => !!a && normaliseNotionId(a) !== null && normaliseNotionId(a) === normaliseNotionId(b);

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
