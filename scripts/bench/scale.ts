/**
 * `npm run bench:scale`: for each size in BENCH_SIZES (default 1000,10000 generated catalogue items; Notion at 3 req/s)
 * and each step budget in BENCH_STEP_SUBREQUESTS (default 50,1000: the free plan's, and one a paid plan allows) the full
 * sync (its steps, D1 rows and files), the D1 size, the most one invocation used, the first full build, and edit -> live
 * page through a webhook and through Sync Data, printed side by side.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseStepBudget } from "#contract/step-budget";
import { checkNode } from "../lib/check-node.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { scaleTable, type ScaleResult } from "./lib/scale-report.ts";
import { scaleRun } from "./lib/scale-run.ts";
import { benchSizes } from "./lib/bench-sizes.ts";

checkNode();
const sizes = benchSizes();
const missing = ["astro", "wrangler"].filter((bin) => !existsSync(resolve(ROOT, "node_modules", ".bin", bin)));
if (missing.length) {
  console.error(`node_modules/.bin lacks ${missing.join(" and ")}: run npm install first.`);
  process.exit(1);
}

const budgets = (process.env.BENCH_STEP_SUBREQUESTS ?? "50,1000").split(",").map((b) => b.trim());
for (const budget of budgets) {
  const { error } = parseStepBudget(budget);
  if (error) {
    console.error(`BENCH_STEP_SUBREQUESTS: ${error.replace(/; using \d+$/, "")} (e.g. BENCH_STEP_SUBREQUESTS=50,1000)`);
    process.exit(1);
  }
}
const results: ScaleResult[] = [];
for (const items of sizes) {
  for (const budget of budgets.map(Number)) {
    console.log(`\n== ${items.toLocaleString("en-US")} items, SYNC_STEP_SUBREQUESTS=${budget} ==`);
    // The worker's request lines (the publisher polls its sync status) would bury the progress.
    results.push(await scaleRun(items, (line) => void (line.includes("[wrangler:info]") || console.log(`  ${line}`)), budget));
  }
}
console.log(`\nCatalogue at scale (Notion server at 3 requests/s; ${new Date().toISOString()}):\n${scaleTable(results)}`);
