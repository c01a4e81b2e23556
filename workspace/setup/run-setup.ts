import { isFullDatabase, isFullDataSource, type Client, type DataSourceObjectResponse } from "@notionhq/client";
import { checkWorkspace, findingLine } from "#contract/notion-check";
import { NOTION_LAYOUT, type LayoutDatabase } from "#contract/notion-layout";
import { titleKey } from "#contract/notion-names";
import { fillDemo, type FillTarget } from "./demo-fill.ts";
import { childDatabases, parentPage } from "./parent-page.ts";
import { seenProperties, titleOf } from "./read-workspace.ts";
import { completion, databaseProperties } from "./schema-plan.ts";

/** What `npm run notion:setup` was asked: the page to work under, and whether to fill in the demo workspace. */
export type SetupOptions = { parent: string; demo: boolean };

/**
 * `npm run notion:setup`: under the page, creates every database the site reads that is not there yet (found by title
 * among the page's own databases), adds the properties and select options missing from those that are, and renames,
 * retypes or deletes nothing; prints one line per database (created, kept or completed). With `demo`, fills them with
 * the bundled demo workspace. Answers the exit code: 0 when every database is then in order, else 1 naming what is not.
 */
export async function runSetup(notion: Client, options: SetupOptions, out: (line: string) => void): Promise<number> {
  const page = await parentPage(notion, options.parent);
  out(`Under the page "${page.title || "Untitled"}" (${page.id}):`);
  const children = await childDatabases(notion, page.id);
  const targets: FillTarget[] = [];
  let problems = 0;
  for (const db of NOTION_LAYOUT) {
    const same = children.filter((c) => titleKey(c.title) === titleKey(db.title));
    if (same.length > 1) {
      out(`${db.title}: left as it is: ${same.length} databases under the page have this title (keep one; rename or delete the others)`);
      problems += 1;
      continue;
    }
    const [existing] = same;
    const [line, source] = existing ? await complete(notion, existing.id, db) : await create(notion, page.id, db);
    out(`${db.title}: ${line}`);
    targets.push({ title: db.title, dataSourceId: source.id, schema: source.properties });
  }
  if (options.demo) await fillDemo(notion, targets, out);
  // What setup does not change (a property of another type, a title property called otherwise) stays for the operator.
  const seen = targets.map((t) => ({ databaseId: t.dataSourceId, title: t.title, properties: seenProperties(t.schema) }));
  const left = checkWorkspace(seen).filter((f) => targets.some((t) => t.title === f.database));
  if (left.length) out("Left as they are (setup renames, retypes and deletes nothing):");
  for (const finding of left) out(`  ${findingLine(finding)}`);
  if (problems + left.length === 0)
    out(`All ${NOTION_LAYOUT.length} databases are in order. \`npm run notion:check\` checks what else the integration sees.`);
  return problems + left.length === 0 ? 0 : 1;
}

type Outcome = [line: string, source: DataSourceObjectResponse];

/** Creates the database under the page with every property of the layout. */
async function create(notion: Client, pageId: string, db: LayoutDatabase): Promise<Outcome> {
  const created = await notion.databases.create({
    parent: { type: "page_id", page_id: pageId },
    title: [{ type: "text", text: { content: db.title } }],
    initial_data_source: { properties: databaseProperties(db) as never },
  });
  if (!isFullDatabase(created) || !created.data_sources[0]) throw new Error(`Notion created ${db.title} without a data source`);
  const source = await dataSource(notion, created.data_sources[0].id);
  // The sync finds a database by its data source's title: make sure the new one carries the database's.
  if (titleKey(titleOf(source)) === titleKey(db.title)) return [`created (${db.properties.length} properties)`, source];
  const titled = await notion.dataSources.update({ data_source_id: source.id, title: [{ type: "text", text: { content: db.title } }] });
  return [`created (${db.properties.length} properties)`, isFullDataSource(titled) ? titled : await dataSource(notion, source.id)];
}

/** Adds what an existing database lacks, or keeps it as it is. */
async function complete(notion: Client, databaseId: string, db: LayoutDatabase): Promise<Outcome> {
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
