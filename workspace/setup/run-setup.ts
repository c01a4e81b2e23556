import type { Client } from "@notionhq/client";
import { checkWorkspace, findingLine, type SeenDatabase } from "#contract/notion-check";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { loadDemoWorkspace } from "../demo/load.ts";
import type { DemoWorkspace } from "../demo/types.ts";
import { setUpDatabase, type SetupTarget } from "./databases.ts";
import { fillDatabase, fillLine } from "./demo-fill.ts";
import { planSetup } from "./plan.ts";
import { publishExisting, publishLine } from "./publish-existing.ts";
import { seenProperties } from "./schema-plan.ts";
import type { DemoImageBytes } from "./uploads.ts";

/** What setup needs from where it runs: a Notion client, and the bytes of the demo's pictures. */
export type SetupHost = { notion: Client; demoImage: DemoImageBytes };

/** What setup is asked: the page to work under (an id or a page URL), and whether to fill in the demo (`content`: other rows in the demo's format instead). */
export type SetupOptions = { parent: string; demo: boolean; content?: DemoWorkspace };

/** What setup could not put right (a property of another type, a title property called otherwise), as the check words it. */
export function leftAsTheyAre(targets: readonly SetupTarget[]): string[] {
  const seen: SeenDatabase[] = targets.map((t) => ({ databaseId: t.dataSourceId, title: t.title, properties: seenProperties(t.schema) }));
  return checkWorkspace(seen)
    .filter((f) => targets.some((t) => t.title === f.database))
    .map(findingLine);
}

/**
 * `npm run notion:setup`, every step in one go (a workflow runs the same steps one by one): the plan (read only; values
 * that break Notion's rules end setup before anything is written), then each database of the layout created or
 * completed under the page, Published ticked on the rows of those it added the property to, then with `demo` each
 * filled with the demo's pages, then what is left for the operator.
 * Prints one line per database. Answers the exit code: 0 when every database is then in order, else 1 naming what is not.
 */
export async function runSetup(host: SetupHost, options: SetupOptions, out: (line: string) => void): Promise<number> {
  const content = options.demo ? (options.content ?? loadDemoWorkspace()) : null;
  const plan = await planSetup(host.notion, options.parent, content);
  out(`Under the page "${plan.parent.title || "Untitled"}" (${plan.parent.id}):`);
  if (plan.problems.length) {
    out(`Nothing was created: ${plan.problems.length} ${plan.problems.length === 1 ? "value breaks" : "values break"} Notion's rules:`);
    for (const problem of plan.problems) out(`  ${problem}`);
    return 1;
  }
  const targets: SetupTarget[] = [];
  let problems = 0;
  for (const db of NOTION_LAYOUT) {
    const outcome = await setUpDatabase(host.notion, plan.parent.id, db, plan.children);
    out(`${db.title}: ${outcome.line}`);
    if (outcome.target) targets.push(outcome.target);
    if (outcome.problem) problems += 1;
  }
  for (const target of targets.filter((t) => plan.publishExisting.includes(t.title))) {
    const done = await publishExisting(host.notion, target, plan.plannedAt);
    if (done.published > 0) out(publishLine(done));
  }
  if (content) {
    out("Demo workspace:");
    let uploads: Record<string, string> = {};
    let uploaded = 0;
    for (const db of content.databases) {
      const target = targets.find((t) => t.title === db.title);
      if (!target) {
        out(`  ${db.title}: not filled (the database needs attention first)`);
        continue;
      }
      const filled = await fillDatabase(host.notion, host.demoImage, target, db, { uploads });
      uploads = filled.uploads;
      uploaded += filled.uploaded;
      out(`  ${fillLine(filled)}`);
    }
    out(`  ${uploaded} images uploaded`);
  }
  const left = leftAsTheyAre(targets);
  if (left.length) out("Left as they are (setup renames, retypes and deletes nothing):");
  for (const finding of left) out(`  ${finding}`);
  if (problems + left.length === 0)
    out(`All ${NOTION_LAYOUT.length} databases are in order. \`npm run notion:check\` checks what else the integration sees.`);
  return problems + left.length === 0 ? 0 : 1;
}
