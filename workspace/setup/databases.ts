import { isFullDatabase, isFullDataSource, type Client, type DataSourceObjectResponse } from "@notionhq/client";
import type { LayoutDatabase } from "#contract/notion-layout";
import { titleKey } from "#contract/notion-names";
import { titleOf } from "./find-catalogue.ts";
import { childDatabases } from "./parent-page.ts";
import { completion, databaseProperties, type Schema } from "./schema-plan.ts";

/** A database setup made or found under the page, ready to be filled: its title, data source and schema. */
export type SetupTarget = { title: string; dataSourceId: string; schema: Schema };

/** What setup did with one database of the layout: its line (created, kept, completed, left as it is) and, unless left, the target to fill. */
export type DatabaseOutcome = { title: string; line: string; target: SetupTarget | null; problem: boolean };

/** The databases directly under a page, by id and title. */
export type ChildDatabase = { id: string; title: string };

/**
 * One database of the layout under the page: created with every property of the layout when no database of its title is
 * there, completed (the properties and select options it lacks added; nothing renamed, retyped or deleted) when one is,
 * left as it is when several are. Without `children` it lists the page's databases itself, so a run that stopped right
 * after creating one (a retried step) completes it instead of creating another.
 */
export async function setUpDatabase(
  notion: Client,
  parentPageId: string,
  db: LayoutDatabase,
  children?: ChildDatabase[],
): Promise<DatabaseOutcome> {
  const same = (children ?? (await childDatabases(notion, parentPageId))).filter((c) => titleKey(c.title) === titleKey(db.title));
  if (same.length > 1)
    return {
      title: db.title,
      line: `left as it is: ${same.length} databases under the page have this title (keep one; rename or delete the others)`,
      target: null,
      problem: true,
    };
  const [line, source] = same[0] ? await complete(notion, same[0].id, db) : await create(notion, parentPageId, db);
  return { title: db.title, line, target: { title: db.title, dataSourceId: source.id, schema: source.properties }, problem: false };
}

type Made = [line: string, source: DataSourceObjectResponse];

/** Creates the database under the page with every property of the layout. */
async function create(notion: Client, pageId: string, db: LayoutDatabase): Promise<Made> {
  const created = await notion.databases.create({
    parent: { type: "page_id", page_id: pageId },
    title: [{ type: "text", text: { content: db.title } }],
    initial_data_source: { properties: databaseProperties(db) as never },
  });
  if (!isFullDatabase(created) || !created.data_sources[0]) throw new Error(`Notion created ${db.title} without a data source`);
  const source = await dataSource(notion, created.data_sources[0].id);
  const line = `created (${db.properties.length} properties)`;
  // The sync finds a database by its data source's title too: make sure the new one carries the database's.
  if (titleKey(titleOf(source)) === titleKey(db.title)) return [line, source];
  const titled = await notion.dataSources.update({ data_source_id: source.id, title: [{ type: "text", text: { content: db.title } }] });
  return [line, isFullDataSource(titled) ? titled : await dataSource(notion, source.id)];
}

/** Adds what an existing database lacks, or keeps it as it is. */
async function complete(notion: Client, databaseId: string, db: LayoutDatabase): Promise<Made> {
  const database = await notion.databases.retrieve({ database_id: databaseId });
  const sources = isFullDatabase(database) ? database.data_sources : [];
  // A database can hold several data sources: the one of the database's title, else its first.
  const ref = sources.find((s) => titleKey(s.name) === titleKey(db.title)) ?? sources[0];
  if (!ref) throw new Error(`Notion answered ${db.title} without its data source`);
  const source = await dataSource(notion, ref.id);
  const plan = completion(db, source.properties);
  if (plan.added.length === 0 && plan.options.length === 0) return ["kept", source];
  const updated = await notion.dataSources.update({ data_source_id: source.id, properties: plan.properties as never });
  const what = [
    plan.added.length ? `added ${plan.added.join(", ")}` : "",
    plan.options.length ? `added options ${plan.options.join("; ")}` : "",
  ];
  return [`completed (${what.filter(Boolean).join("; ")})`, isFullDataSource(updated) ? updated : await dataSource(notion, source.id)];
}

async function dataSource(notion: Client, id: string): Promise<DataSourceObjectResponse> {
  const source = await notion.dataSources.retrieve({ data_source_id: id });
  if (!isFullDataSource(source)) throw new Error(`Notion answered the data source ${id} without its schema`);
  return source;
}
