/**
 * `npm run deploy`: the catalogue on the Cloudflare account wrangler is signed in to (`npx wrangler login` first), the
 * same command for the first deploy and every later one. `-- --dry-run` checks everything that needs no account.
 * Options: `--secret NAME` (ask for that secret again, e.g. a new ADMIN_PASSWORD or DEPLOY_HOOK_URL), `--url <address>`
 * (the site's address, when this copy has not deployed it before), `--site-url <address>` (a custom domain for the
 * site's canonical links). See docs/deploy.md.
 */
import { parseArgs } from "node:util";
import { checkNode } from "./lib/check-node.ts";
import { DeployError } from "./deploy/account.ts";
import { readDeployConfig } from "./deploy/config.ts";
import { dryRun } from "./deploy/dry-run.ts";
import { terminalAsk } from "./deploy/prompt.ts";
import { deploy } from "./deploy/run-deploy.ts";
import { liveSite } from "./deploy/site.ts";
import { statePath } from "./deploy/state.ts";
import { wranglerOnPath } from "./deploy/wrangler.ts";

checkNode();
const started = performance.now();
const { values: args } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    secret: { type: "string", multiple: true, default: [] },
    url: { type: "string" },
    "site-url": { type: "string" },
  },
});
const log = (line: string) => console.log(line);
try {
  const config = readDeployConfig();
  const wrangler = wranglerOnPath();
  if (args["dry-run"]) {
    log("deploy --dry-run: nothing is sent to Cloudflare");
    await dryRun({ config, wrangler, log });
    log(`deploy --dry-run: ready to deploy (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } else {
    const result = await deploy(
      { again: args.secret, url: args.url, siteUrl: args["site-url"] },
      { config, wrangler, site: liveSite, ask: terminalAsk(), env: process.env, statePath: statePath(), log },
    );
    const minutes = (performance.now() - started) / 60_000;
    log(`\nYour catalogue is online (${minutes.toFixed(1)} min):`);
    log(`  Site:          ${result.url}`);
    log(`  Admin panel:   ${result.url}/admin`);
    log(
      result.webhookUrl
        ? `  Notion webhook: ${result.webhookUrl}\n    paste it into Notion: integration settings, Webhooks, + Create a subscription (docs/deploy.md lists the events), then Verify with the token the admin panel shows`
        : '  Notion webhook: open the admin panel, Notion Sync, "Notion webhooks": it shows the address to paste into Notion (docs/deploy.md)',
    );
    if (!result.rebuilds)
      log(
        "  Rebuilds after a sync: not set up yet; connect Workers Builds, then `npm run deploy -- --secret DEPLOY_HOOK_URL` (docs/deploy.md)",
      );
  }
} catch (error) {
  if (error instanceof DeployError) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
