/**
 * `npm run build`: the site build, as Workers Builds' build command runs it (the Deploy to Cloudflare button sets it).
 * It learns by itself which API to read and the site's address (scripts/deploy/build-target.ts): in Workers Builds from
 * Cloudflare, with the build's own credential. docs/deploy.md.
 */
import { checkNode } from "./lib/check-node.ts";
import { DeployError, signedIn } from "./deploy/account.ts";
import { cloudflareApi, discoverSite } from "./deploy/address.ts";
import { chooseBuildTarget } from "./deploy/build-target.ts";
import { readDeployConfig } from "./deploy/config.ts";
import { buildSite, markBuilt } from "./deploy/site.ts";
import { wranglerOnPath } from "./deploy/wrangler.ts";

checkNode();
const log = (line: string) => console.log(`build: ${line}`);
try {
  const target = await chooseBuildTarget(
    process.env,
    async () => {
      const wrangler = wranglerOnPath();
      const api = await cloudflareApi(wrangler);
      if (!api) return null;
      const config = readDeployConfig();
      return discoverSite(api, (await signedIn(wrangler)).id, config.name, config.workersDev);
    },
    log,
  );
  if (target) {
    await buildSite(target, log);
    if (process.env.WORKERS_CI_COMMIT_SHA) markBuilt(process.env.WORKERS_CI_COMMIT_SHA);
  }
} catch (error) {
  if (!(error instanceof DeployError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(1);
}
