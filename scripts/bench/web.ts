/** `npm run bench:web`: JS bytes, transfer, LCP and CLS of five page types in Chromium with the CPU slowed 4x, against the targets. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { itemPagePath } from "#contract/item-address";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, VIEWPORTS } from "../../site/e2e/support/browser.ts";
import { cacheDirFor } from "../lib/build-cache.ts";
import { buildFolderFor } from "../lib/build-site.ts";
import { checkNode } from "../lib/check-node.ts";
import { freePort } from "../lib/ports.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { startStack, type Stack } from "../launcher/stack.ts";
import { measurePage, type PageSample } from "./lib/web-metrics.ts";
import { formatDetails, formatTable, summarise, TARGETS, type BenchPage } from "./lib/web-report.ts";

checkNode();
const CHROMIUM = "/usr/bin/chromium";
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 1500;
const { values: args } = parseArgs({
  options: { runs: { type: "string", default: process.env.BENCH_RUNS ?? "5" }, viewport: { type: "string", default: "mobile" } },
});
const runs = Number(args.runs);
const viewportName = args.viewport as keyof typeof VIEWPORTS;
if (!Number.isInteger(runs) || runs < 1 || !(viewportName in VIEWPORTS)) {
  console.error(
    `Usage: npm run bench:web -- [--runs N (>= 1, default 5)] [--viewport ${Object.keys(VIEWPORTS).join("|")} (default mobile)]`,
  );
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(
    `bench:web measures in Debian's Chromium at ${CHROMIUM}, which is missing: run \`apt-get install -y chromium\` (as root), then try again.`,
  );
  process.exit(1);
}

const state = resolve(ROOT, ".wrangler", `bench-web-state-${process.pid}`);
const assets = resolve(ROOT, ".wrangler", `bench-web-dist-${process.pid}`);
let browser: Browser | null = null;
let starting: Promise<Stack> | null = null;
let cleaning: Promise<void> | null = null;
const cleanUp = () =>
  (cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    // startStack hands out no handle until it is up (and stops what it started if it fails), so wait for it.
    const stack = await starting?.catch(() => null);
    await stack?.stop().catch(() => {});
    for (const dir of [state, assets, buildFolderFor(assets), cacheDirFor(assets)]) rmSync(dir, { recursive: true, force: true });
  })());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the stack (once its start-up, sync and build have finished)...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The first gallery slot machine of the listing API, as a visitor clicking the first card would open it. */
async function firstGallerySlot(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/collection/slots/gallery?page=1&limit=2`);
  if (!res.ok) throw new Error(`listing API answered ${res.status}`);
  const body = (await res.json()) as { items?: { id: string; title: string | null }[] };
  const item = body.items?.[0];
  if (!item) throw new Error("the gallery slots listing is empty: no item page to measure");
  return itemPagePath("gallery", { ...item, category: "slots" });
}

function commit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

try {
  try {
    // Playwright's own signal handlers would exit before the stack is stopped: ours close the browser too.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    throw new Error(`Chromium at ${CHROMIUM} did not start: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
  }
  console.log("bench:web: starting a fresh stack (demo workspace, full sync, site build)...");
  const stack = await (starting = startStack({
    port: await freePort(),
    persistTo: state,
    assetsDir: assets,
    password: `bench-web-password-${process.pid}`,
    log: (line) => console.log(`  ${line}`),
  }));
  const pages: BenchPage[] = [
    { name: "home", path: "/", kind: "content" },
    { name: "content", path: "/services", kind: "content" },
    { name: "listing", path: "/gallery/slots", kind: "listing" },
    { name: "item", path: await firstGallerySlot(stack.url), kind: "item" },
    // Results arrive after the page loads: placeholders of their size hold the space.
    { name: "search", path: "/search?q=mills", kind: "search" },
  ];
  const options = { viewport: VIEWPORTS[viewportName], cpuSlowdown: CPU_SLOWDOWN, settleMs: SETTLE_MS };
  console.log(
    `Warming the worker with one unrecorded load per page, then ${runs} cold-cache runs of each (${viewportName} ${options.viewport.width}x${options.viewport.height}, CPU ${CPU_SLOWDOWN}x slower)...`,
  );
  for (const page of pages) await measurePage(browser, stack.url + page.path, options);
  const samples = new Map<BenchPage, PageSample[]>(pages.map((p) => [p, []]));
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const sample = await measurePage(browser, stack.url + page.path, options);
      samples.get(page)!.push(sample);
      console.log(
        `  run ${run} ${page.name.padEnd(8)} JS ${(sample.jsGzipBytes / 1024).toFixed(1)} KB  LCP ${Math.round(sample.lcpMs ?? NaN)} ms  CLS ${sample.cls.toFixed(3)}`,
      );
    }
  }
  const results = pages.map((page) => summarise(page, samples.get(page)!));
  const encodings = [...new Set(results.flatMap((r) => r.samples.flatMap((s) => s.scripts.map((x) => x.encoding ?? "none"))))];
  const note = !encodings.includes("none")
    ? `wrangler dev sent JavaScript compressed (${encodings.join(", ")}): JS bytes are as sent.`
    : `wrangler dev sent ${encodings.length > 1 ? "some" : "all"} JavaScript uncompressed (no Content-Encoding), unlike Cloudflare's edge: those JS bytes are the body gzipped by this benchmark (node:zlib, level 9), compressed ones are as sent. "Total transfer, as sent" counts uncompressed bodies as they came; the "if gzip -9" row estimates them compressed.`;
  const allPass = results.every((r) => r.checks.every((c) => c.pass));

  console.log(
    `\nMedian of ${runs} cold-cache loads per page, Chromium ${browser.version()}, ${viewportName} ${options.viewport.width}x${options.viewport.height}, CPU ${CPU_SLOWDOWN}x slower, local network:\n`,
  );
  console.log(formatTable(results));
  console.log(
    `\n${note}\nJavaScript = external script files + inline scripts in the HTML (gzip -9 of their text). Total transfer = headers + bodies of every response of the load, as received. Targets: content pages (home, services) <= 15 KB, listing and search <= 80 KB, item <= 70 KB, each at most ${TARGETS.scriptFiles} script files; LCP <= 1.0 s; CLS < 0.05.`,
  );
  console.log(`\n${formatDetails(results)}`);
  console.log(`\n${allPass ? "All targets met." : "Some targets missed (see FAIL above)."}`);

  const outDir = resolve(ROOT, "bench-results");
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = resolve(outDir, `web-${stamp}.json`);
  const report = {
    when: new Date().toISOString(),
    commit: commit(),
    chromium: browser.version(),
    viewport: { name: viewportName, ...options.viewport },
    cpuSlowdown: CPU_SLOWDOWN,
    runs,
    targets: TARGETS,
    compression: note,
    allPass,
    pages: results,
  };
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  console.log(`Saved ${file}`);
} catch (error) {
  // After a signal the stack is going away under the run: that failure is expected, not news.
  if (!cleaning) console.error(`bench:web failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
