/** `npm run notion:check`: whether the sync will find every database and property in the workspace the integration sees. */
import { runCommand } from "./command.ts";
import { SetupError } from "./errors.ts";
import { runCheck } from "./run-check.ts";

const USAGE = `Usage: npm run notion:check

Reads the Notion workspace your integration (NOTION_TOKEN) can see and prints one line per problem the sync would
meet, with its fix; exits 0 when there is none.`;

await runCommand(
  () => {
    const [arg] = process.argv.slice(2);
    if (arg === "--help" || arg === "-h") return null;
    if (arg !== undefined) throw new SetupError(`Unknown argument ${arg}.\n\n${USAGE}`);
    return {};
  },
  USAGE,
  (notion, _options, out) => runCheck(notion, out),
);
