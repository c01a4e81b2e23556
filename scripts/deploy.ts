/**
 * `npm run deploy`: the catalogue on the Cloudflare account wrangler is signed in to, in the order the site stays up
 * (migrations before the worker, the first-run site on a first deploy). Workers Builds runs it as its deploy command
 * (WORKERS_CI=1: unattended, after `npm run build`); from a laptop it also stores secrets, runs the first sync and
 * builds, and refuses code the repository lacks unless `--allow-unpushed`. `--secret NAME` asks for that secret again;
 * `-- --dry-run` checks everything that needs no account. See docs/deploy.md.
 */
import { parseArgs } from "node:util";
import { checkNode } from "./lib/check-node.ts";
import { DeployError } from "./deploy/account.ts";
import { cloudflareApi } from "./deploy/address.ts";
import { readDeployConfig } from "./deploy/config.ts";
import { dryRun } from "./deploy/dry-run.ts";
import { terminalAsk } from "./deploy/prompt.ts";
import { git } from "./deploy/repo.ts";
import { deploy } from "./deploy/run-deploy.ts";
import { builtFor, liveSite } from "./deploy/site.ts";
import { wranglerOnPath } from "./deploy/wrangler.ts";

checkNode();
const started = performance.now();
const { values: args } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    hosted: { type: "boolean", default: false },
    "allow-unpushed": { type: "boolean", default: false },
    secret: { type: "string", multiple: true, default: [] },
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
    const hosted = args.hosted || process.env.WORKERS_CI === "1";
    const result = await deploy(
      { hosted, built: hosted && builtFor(process.env.WORKERS_CI_COMMIT_SHA), again: args.secret, allowUnpushed: args["allow-unpushed"] },
      { config, wrangler, cloudflare: cloudflareApi, site: liveSite, git, ask: hosted ? null : terminalAsk(), env: process.env, log },
    );
    const minutes = (performance.now() - started) / 60_000;
    log(`\nYour catalogue is online (${minutes.toFixed(1)} min):`);
    log(`  Site:          ${result.siteUrl}`);
    log(`  Admin panel:   ${result.siteUrl}/admin${result.first ? " (sign in with the admin password to finish setting up)" : ""}`);
    log(
      result.webhookUrl
        ? `  Notion webhook: ${result.webhookUrl}\n    paste it into Notion: your connection's settings, Webhooks, + Create a subscription (docs/deploy.md lists the events), then Verify with the token the admin panel shows`
        : '  Notion webhook: open the admin panel, Notion Sync, "Notion webhooks": it shows the address to paste into Notion (docs/deploy.md)',
    );
    if (result.off.length) {
      log("\nOff for now (none is needed for the site to work):");
      for (const line of result.off) log(`  - ${line}`);
    }
  }
} catch (error) {
  if (error instanceof DeployError) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
