import type { DemoDatabase } from "../demo/types.ts";
import { pageRequest, type TargetProperty } from "./page-request.ts";
import { blockCount, bodyProblems, NOTION_LIMITS, payloadBytes, valueProblems, type ValueProblem } from "./request-rules.ts";

const line = (database: string, row: string, where: string, { problem, fix }: ValueProblem) =>
  `${database}, row "${row}": ${where}: ${problem}. Fix: ${fix[0]!.toUpperCase()}${fix.slice(1)}.`;

/**
 * Every rule of Notion's that the rows of `content` would break, one line each naming the database, the row, the
 * property (or the body) and the fix, checked as setup would send each row into a database with `targetsOf(title)`'s
 * properties (null: that database is not filled). Nothing is sent: setup runs this before its first request that writes.
 */
export async function contentProblems(
  content: readonly DemoDatabase[],
  targetsOf: (title: string) => TargetProperty[] | null,
): Promise<string[]> {
  const lines: string[] = [];
  // Checking needs no upload: a placeholder id stands in for each picture.
  const placeholder = async () => "00000000-0000-4000-8000-000000000000";
  for (const db of content) {
    const targets = targetsOf(db.title);
    if (!targets) continue;
    for (const page of db.pages) {
      const request = await pageRequest(db, page, targets, placeholder);
      for (const [name, value] of Object.entries(request.properties))
        for (const problem of valueProblems(value as Record<string, unknown>))
          lines.push(line(db.title, request.title, `property ${name}`, problem));
      for (const problem of bodyProblems(request.blocks)) lines.push(line(db.title, request.title, "its body", problem));
      // A single block with more nested blocks than a request takes cannot be sent however the body is cut.
      for (const block of request.blocks)
        if (blockCount([block]) > NOTION_LIMITS.blocksPerRequest)
          lines.push(
            line(db.title, request.title, "its body", {
              problem: `one block holds more than ${NOTION_LIMITS.blocksPerRequest} blocks`,
              fix: "split it",
            }),
          );
      if (payloadBytes({ properties: request.properties }) > NOTION_LIMITS.payloadBytes)
        lines.push(
          line(db.title, request.title, "its properties", {
            problem: `they take more than the ${NOTION_LIMITS.payloadBytes / 1000} KB Notion takes in one request`,
            fix: "shorten its texts",
          }),
        );
    }
  }
  return lines;
}
