import type { Client } from "@notionhq/client";
import { NOTION_LAYOUT, PUBLISHED_PROPERTY, hasDrafts, type LayoutDatabase } from "#contract/notion-layout";
import { propKey, titleKey } from "#contract/notion-names";
import type { DemoWorkspace } from "../demo/types.ts";
import { contentProblems } from "./content-check.ts";
import type { ChildDatabase } from "./databases.ts";
import { databaseSource } from "./find-catalogue.ts";
import { targetsOf, type TargetProperty } from "./page-request.ts";
import { childDatabases, parentPage, type ParentPage } from "./parent-page.ts";

/**
 * What setup found before writing anything: the page, the databases already under it, every rule the content would
 * break, and the databases already there without a Published checkbox (`publishExisting`, by title): setup adds it, and
 * then ticks it on each row they held when it planned (`plannedAt`), so that adding it takes nothing off the site.
 */
export type SetupPlan = { parent: ParentPage; children: ChildDatabase[]; problems: string[]; publishExisting: string[]; plannedAt: string };

/** The properties a layout database is created with, as pages are given them. */
const layoutTargets = (db: LayoutDatabase): TargetProperty[] => db.properties.map((p) => ({ name: p.name, type: p.types[0] }));

/**
 * Setup's first step, which only reads: the page `parent` names (shared with the integration, not in the trash), the
 * databases already under it (the schema of those with drafts, to learn which lack Published), and, with `content`, one
 * line per value Notion would refuse, checked against the properties each database will have (an existing one's, plus
 * the layout's it lacks). A plan with problems is the end of setup: nothing is sent half way.
 */
export async function planSetup(notion: Client, parent: string, content: DemoWorkspace | null): Promise<SetupPlan> {
  const plannedAt = new Date().toISOString();
  const page = await parentPage(notion, parent);
  const children = await childDatabases(notion, page.id);
  const targets = new Map<string, TargetProperty[] | null>();
  const publishExisting: string[] = [];
  for (const db of NOTION_LAYOUT) {
    const same = children.filter((c) => titleKey(c.title) === titleKey(db.title));
    if (same.length > 1) targets.set(db.title, null);
    else if (same.length === 0) targets.set(db.title, layoutTargets(db));
    else if (content || hasDrafts(db.title)) {
      const source = await databaseSource(notion, same[0]!.id, db.title);
      const have = source ? targetsOf(source.properties) : [];
      const added = layoutTargets(db).filter((p) => p.type !== "title" && !have.some((h) => propKey(h.name) === propKey(p.name)));
      targets.set(db.title, [...have, ...added]);
      if (source && added.some((p) => p.name === PUBLISHED_PROPERTY)) publishExisting.push(db.title);
    }
  }
  const problems = content ? await contentProblems(content.databases, (title) => targets.get(title) ?? null) : [];
  return { parent: page, children, problems, publishExisting, plannedAt };
}
