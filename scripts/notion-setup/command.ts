import type { SetupHost } from "#workspace/setup/run-setup";
import { checkNode } from "../lib/check-node.ts";
import { readDemoImage } from "../lib/demo-workspace.ts";
import { notionClient, notionEnv } from "./client.ts";
import { explain } from "./errors.ts";

/**
 * Runs a Notion command: options read first (`null`: the usage was printed), then the client from NOTION_TOKEN and
 * NOTION_API_URL (and the demo's pictures from disk), then `run`, whose answer is the exit code. A failure the operator can fix is printed as one message
 * (exit 1); anything else is a bug and is thrown with its stack.
 */
export async function runCommand<T>(
  options: () => T | null,
  usage: string,
  run: (host: SetupHost, options: T, out: (line: string) => void) => Promise<number>,
): Promise<void> {
  checkNode();
  let baseUrl = process.env.NOTION_API_URL || "https://api.notion.com";
  try {
    const given = options();
    if (given === null) return console.log(usage);
    const env = notionEnv();
    baseUrl = env.baseUrl;
    const notion = notionClient(env, {
      onRateLimited: (seconds) =>
        console.log(`Notion asked to slow down (429): trying again${seconds === null ? "" : ` in ${seconds} s`}...`),
    });
    process.exitCode = await run({ notion, demoImage: readDemoImage }, given, (line) => console.log(line));
  } catch (error) {
    const message = explain(error, baseUrl);
    if (message === undefined) throw error;
    console.error(message);
    process.exitCode = 1;
  }
}
