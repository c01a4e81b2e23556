/**
 * `npm run build`: the site build, as Workers Builds' build command runs it (the Deploy to Cloudflare button sets it).
 * It first installs the packages the build and the deploy use when none are installed (Workers Builds with
 * SKIP_DEPENDENCY_INSTALL set: no test, lint or type-check tools; docs/deploy.md), keeping the Astro cache the build
 * cache put back; then it learns by itself which API to read and the site's address (scripts/deploy/build-target.ts):
 * in Workers Builds from Cloudflare, with the build's own credential.
 */
import { checkNode } from "./lib/check-node.ts";
import { HOSTED_INSTALL, installed, installedLine, installKeepingCache } from "./lib/hosted-install.ts";
import { ROOT } from "./lib/quiet-env.ts";

checkNode();
const log = (line: string) => console.log(`build: ${line}`);
if (!installed(ROOT)) {
  log(`installing the build's packages (npm ${HOSTED_INSTALL.join(" ")})`);
  console.log(installedLine(installKeepingCache(ROOT)));
}
// Loaded once the packages they use are installed.
const { DeployError, signedIn } = await import("./deploy/account.ts");
const { cloudflareApi, discoverSite } = await import("./deploy/address.ts");
const { chooseBuildTarget } = await import("./deploy/build-target.ts");
const { readDeployConfig } = await import("./deploy/config.ts");
const { buildSite, markBuilt } = await import("./deploy/site.ts");
const { wranglerOnPath } = await import("./deploy/wrangler.ts");
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
