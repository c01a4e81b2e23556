/** `npm run notion:setup -- --parent <page id or page URL> [--demo]`: creates or completes the site's databases under a Notion page. */
import { runSetup } from "#workspace/setup/run-setup";
import { parseSetupArgs, SETUP_USAGE } from "./args.ts";
import { runCommand } from "./command.ts";

await runCommand(() => parseSetupArgs(process.argv.slice(2)), SETUP_USAGE, runSetup);
