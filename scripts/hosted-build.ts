/**
 * `npm run build:hosted`: the build command of a hosted build (Cloudflare Workers Builds, docs/deploy.md). Checks the
 * build variables the site needs, says whether Astro's cache (node_modules/.astro) came back from the build cache (then
 * only the pages whose data changed are rendered), and builds the site into dist/ from the live API.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { checkNode } from "./lib/check-node.ts";
import { ROOT } from "./lib/quiet-env.ts";
import { runNpx } from "./lib/run.ts";

/** The build variables a hosted build needs, and what each is. */
const VARIABLES: [name: string, what: string][] = [
  ["SITE_API_URL", "the live worker's address, e.g. https://coin-op-catalogue.<you>.workers.dev"],
  ["SITE_URL", "the site's public address (the same, or your custom domain)"],
  ["BUILD_TOKEN", "the worker's build token (kept in .wrangler/deploy.json by `npm run deploy`), as a secret variable"],
];

checkNode();
const missing = VARIABLES.filter(([name]) => !process.env[name]);
if (missing.length) {
  console.error(
    `build:hosted: set these build variables (Workers Builds: Settings, Build, Variables and secrets):\n${missing.map(([name, what]) => `  ${name}: ${what}`).join("\n")}`,
  );
  process.exit(1);
}
const cached = existsSync(resolve(ROOT, "node_modules", ".astro", "incremental-build.json"));
console.log(
  cached
    ? "build:hosted: Astro's cache is back from the build cache: only pages whose data or code changed are rendered"
    : "build:hosted: no Astro cache (a first build, or build caching is off): every page is rendered",
);
await runNpx(["astro", "build"], { prefix: "  " });
