/** `npm run notion:check [-- --parent <page>]`: whether the sync will find every database and property of the catalogue. */
import { runCheck } from "#workspace/setup/run-check";
import { CHECK_USAGE, parseCheckArgs } from "./args.ts";
import { runCommand } from "./command.ts";

await runCommand(
  () => parseCheckArgs(process.argv.slice(2)),
  CHECK_USAGE,
  (host, options, out) => runCheck(host.notion, options, out),
);
