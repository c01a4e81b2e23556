import type { Client } from "@notionhq/client";
import type { NotionCheckFinding } from "#contract/admin-api";
import { catalogueParent, checkWorkspace, findingLine, foundLine, recommendWorkspace } from "#contract/notion-check";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { titleKey } from "#contract/notion-names";
import { findCatalogue } from "./find-catalogue.ts";
import { parentPage } from "./parent-page.ts";

/** What `npm run notion:check` is asked: the catalogue's page, when known (else the databases are found by search alone). */
export type CheckOptions = { parent?: string };

/**
 * `npm run notion:check`: finds the catalogue's databases (under the page first, then by search), prints how each was
 * found, then one line per problem with its fix, then what it recommends besides (Published and Hold Changes where
 * missing). Answers the exit code: 0 when the sync will find every database and property it reads, else 1 (a
 * recommendation alone is no failure).
 */
export async function runCheck(notion: Client, options: CheckOptions, out: (line: string) => void): Promise<number> {
  const page = options.parent ? await parentPage(notion, options.parent) : null;
  const found = await findCatalogue(notion, page?.id ?? null);
  if (page) out(`The catalogue's page: "${page.title || "Untitled"}" (${page.id})`);
  for (const db of NOTION_LAYOUT) out(foundLine(db.title, found.find((f) => titleKey(f.title) === titleKey(db.title))?.foundBy ?? null));
  const learnt = page ? null : catalogueParent(found);
  if (learnt)
    out(
      `They sit under the page ${learnt.replace(/-/g, "")}: \`npm run notion:check -- --parent ${learnt.replace(/-/g, "")}\` finds them there without search.`,
    );
  const findings = checkWorkspace(found);
  const recommend = () => recommended(recommendWorkspace(found), out);
  if (findings.length === 0) {
    out(`All ${NOTION_LAYOUT.length} databases the site reads are shared with the integration, each with every property it needs.`);
    recommend();
    return 0;
  }
  if (found.length === 0)
    out(
      "The integration can see no database of the catalogue: share the page holding the site's databases with it (the page's ••• menu → Connections).",
    );
  for (const finding of findings) out(findingLine(finding));
  out(
    `${findings.length} ${findings.length === 1 ? "problem" : "problems"}: until fixed, the site misses what ${findings.length === 1 ? "it names" : "they name"}.`,
  );
  recommend();
  return 1;
}

/** The recommendations, under a heading of their own, one line each. */
function recommended(recommendations: NotionCheckFinding[], out: (line: string) => void): void {
  if (recommendations.length === 0) return;
  out("Recommended (the site works without them):");
  for (const recommendation of recommendations) out(`  ${findingLine(recommendation)}`);
}
