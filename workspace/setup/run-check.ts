import type { Client } from "@notionhq/client";
import { checkWorkspace, findingLine } from "#contract/notion-check";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { readWorkspace } from "./read-workspace.ts";

/**
 * `npm run notion:check`: reads the workspace the integration can see and prints one line per problem with its fix.
 * Answers the exit code: 0 when the sync will find every database and property it reads, else 1.
 */
export async function runCheck(notion: Client, out: (line: string) => void): Promise<number> {
  const seen = await readWorkspace(notion);
  const findings = checkWorkspace(seen);
  if (findings.length === 0) {
    out(`All ${NOTION_LAYOUT.length} databases the site reads are shared with the integration, each with every property it needs.`);
    return 0;
  }
  if (seen.length === 0)
    out(
      "The integration can see no database at all: share the page holding the site's databases with it (the page's ••• menu → Connections).",
    );
  for (const finding of findings) out(findingLine(finding));
  out(
    `${findings.length} ${findings.length === 1 ? "problem" : "problems"}: until fixed, the site misses what ${findings.length === 1 ? "it names" : "they name"}.`,
  );
  return 1;
}
