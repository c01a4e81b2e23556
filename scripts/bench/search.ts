/**
 * `npm run bench:search`: search vs the listing endpoint at BENCH_ITEMS catalogue items (default 10,000), 50 connections,
 * with the cache cold (caching switched off: every request runs its D1 queries) and warm (every path cached beforehand);
 * then, cold, the costliest search the rules allow (scripts/bench/lib/worst-search.ts) against a plain one-word search.
 */
import { ADMIN_PATHS } from "#contract/api-paths";
import { signIn } from "../lib/admin-client.ts";
import { checkNode } from "../lib/check-node.ts";
import { freePort } from "../lib/ports.ts";
import { fullSync } from "../lib/full-sync.ts";
import { load, loadPaths, type LoadResult } from "./lib/load.ts";
import { commonestWord, worstSearch } from "./lib/worst-search.ts";
import { BENCH_PASSWORD, startBenchWorker } from "./lib/bench-worker.ts";
import { CATEGORY_IDS } from "#contract/categories";
import { generateCatalogueWorkspace } from "./lib/generate-workspace.ts";
import { startNotionServer } from "../notion-server/server.ts";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";

checkNode();
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const WORST_CONNECTIONS = 10;

// What collectors type: makers (each matching a sixth of the catalogue), prefixes, years, item numbers, two-word phrases.
const WORDS = [
  "mills",
  "jennings",
  "watl",
  "pace",
  "caille brothers",
  "groetchen",
  "original finish",
  "slot machine",
  "vending",
  "toy",
  "1933",
  "1948",
  "arcade machine no",
  "trade stim",
  "advertising item 12",
];
const searchPaths = [...WORDS, ...Array.from({ length: 25 }, (_, i) => `no ${(i * 397) % Math.max(1, Math.floor(ITEMS / 7))}`)].map(
  (q) => `/api/search?${new URLSearchParams({ q, page: "1", limit: "10" })}`,
);
const listingPaths = CATEGORY_IDS.flatMap((c) =>
  Array.from({ length: 6 }, (_, p) => `/api/collection/${c}/gallery?page=${p * 17 + 1}&limit=2`),
);

const workspace = generateCatalogueWorkspace(ITEMS);
/** An item's searchable text: its property values (text, numbers, styled text) joined. */
const valueText = (value: unknown): string =>
  typeof value === "string" || typeof value === "number"
    ? String(value)
    : Array.isArray(value)
      ? value.map((v) => valueText(v?.text ?? v)).join(" ")
      : "";
const texts = workspace.databases.flatMap((db) => db.pages.map((page) => Object.values(page.properties).map(valueText).join(" ")));
const worst = worstSearch(texts);
const plainWord = commonestWord(texts);
const searchPath = (params: Record<string, string>) => `/api/search?${new URLSearchParams({ page: "1", limit: "10", ...params })}`;
const notion = await startNotionServer({ port: await freePort(), workspace, imagesDir: DEMO_IMAGES_DIR, requestsPerSecond: null });
// The local Notion server has no rate limit and this measures search, not the sync: fill the catalogue unpaced.
const worker = await startBenchWorker("bench-search", notion, { NOTION_REQUESTS_PER_SECOND: "100" });

try {
  const admin = await signIn(worker.url, BENCH_PASSWORD);
  const sync = await fullSync(admin, () => {});
  console.log(`synced ${sync.rows} catalogue items in ${sync.seconds.toFixed(0)} s`);
  const probe = (await (await fetch(worker.url + searchPaths[0])).json()) as { total: number };
  if (!(probe.total > 0)) throw new Error(`search for ${searchPaths[0]} found nothing: is the index filled?`);

  // Each pair runs twice in A-B-B-A order, so drift in a shared machine's load falls on both sides alike.
  const pair = async (phase: string): Promise<[LoadResult, LoadResult, LoadResult, LoadResult]> => {
    const listing = () => loadPaths(`listing page, ${phase}`, worker.url, listingPaths, CONNECTIONS, SECONDS);
    const search = () => loadPaths(`search, ${phase}`, worker.url, searchPaths, CONNECTIONS, SECONDS);
    return [await listing(), await search(), await search(), await listing()];
  };
  await admin.call(ADMIN_PATHS.cacheDisable, { method: "POST" });
  const cold = await pair("cold");
  await admin.call(ADMIN_PATHS.cacheEnable, { method: "POST" });
  await admin.call(ADMIN_PATHS.cacheClear, { method: "POST" });
  const bytes = { listing: 0, search: 0 };
  for (const path of listingPaths) bytes.listing += (await (await fetch(worker.url + path)).text()).length;
  for (const path of searchPaths) bytes.search += (await (await fetch(worker.url + path)).text()).length;
  // KV writes of the warm-up settle before the load (one write per key per second).
  await new Promise((r) => setTimeout(r, 1500));
  const warm = await pair("warm");

  const mean = (runs: LoadResult[], label: string): LoadResult => ({
    label,
    rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
    p50: runs.reduce((n, r) => n + r.p50, 0) / runs.length,
    p99: runs.reduce((n, r) => n + r.p99, 0) / runs.length,
    errors: runs.reduce((n, r) => n + r.errors, 0),
  });
  const rows = [
    mean([cold[0], cold[3]], "listing page, cold"),
    mean([cold[1], cold[2]], "search, cold"),
    mean([warm[0], warm[3]], "listing page, warm"),
    mean([warm[1], warm[2]], "search, warm"),
  ] as const;
  console.log(
    `\n${ITEMS} items, ${CONNECTIONS} connections, 2 runs of ${SECONDS} s each (wrangler dev / workerd, local D1 and KV); ${searchPaths.length} searches, ${listingPaths.length} listing pages in rotation;`,
  );
  console.log(
    `cold = caching switched off (every request runs its D1 queries), warm = every path cached beforehand; average answer: listing ${Math.round(bytes.listing / listingPaths.length)} bytes, search ${Math.round(bytes.search / searchPaths.length)} bytes`,
  );
  console.log(`${"target".padEnd(22)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"errors".padStart(7)}`);
  for (const r of rows)
    console.log(
      `${r.label.padEnd(22)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  const [coldList, coldSearch, warmList, warmSearch] = rows;
  console.log(`cold search p50 / cold listing p50: ${(coldSearch.p50 / Math.max(1, coldList.p50)).toFixed(2)} (target <= 2)`);
  console.log(`warm search req/s / warm listing req/s: ${(warmSearch.rps / warmList.rps).toFixed(2)} (target about 1)`);
  await worstAgainstPlain(admin);
} finally {
  await worker.stop();
  await notion.close();
}

/** Median milliseconds of `times` sequential requests to `path`, and its answer. */
async function probe(path: string, times = 9): Promise<{ ms: number; body: { query: string; ignoredTerms: string[]; total: number } }> {
  const took: number[] = [];
  let body = { query: "", ignoredTerms: [] as string[], total: 0 };
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    body = await (await fetch(worker.url + path)).json();
    took.push(performance.now() - started);
  }
  return { ms: took.sort((a, b) => a - b)[Math.floor(times / 2)] ?? NaN, body };
}

/** Cold: the costliest of the worst search's forms (plain, for sale only, a page past the last) against a plain one-word search, A-B-B-A. */
async function worstAgainstPlain(admin: Awaited<ReturnType<typeof signIn>>): Promise<void> {
  await admin.call(ADMIN_PATHS.cacheDisable, { method: "POST" });
  const forms = [searchPath({ q: worst.q }), searchPath({ q: worst.q, forSale: "true" }), searchPath({ q: worst.q, page: "99999" })];
  console.log(`\nworst search the rules allow: q="${worst.q}"`);
  let slowest = { path: forms[0], ms: -1 };
  for (const path of forms) {
    const { ms, body } = await probe(path);
    console.log(
      `  ${path.length > 60 ? `…${path.slice(-48)}` : path}: ${ms.toFixed(0)} ms alone, ${body.total} items, terms used "${body.query}", ignored ${JSON.stringify(body.ignoredTerms)}`,
    );
    if (ms > slowest.ms) slowest = { path, ms };
  }
  const plainPath = searchPath({ q: plainWord });
  const plainProbe = await probe(plainPath);
  console.log(`plain search: q="${plainWord}" (one word, ${plainProbe.body.total} items), ${plainProbe.ms.toFixed(0)} ms alone`);
  // Fewer connections than above: cold searches of a large catalogue, 50 queued, would near autocannon's 10 s timeout.
  const plain = () => load("plain search, cold", worker.url + plainPath, WORST_CONNECTIONS, SECONDS);
  const worstRun = () => load("worst search, cold", worker.url + slowest.path, WORST_CONNECTIONS, SECONDS);
  const runs = [await plain(), await worstRun(), await worstRun(), await plain()] as const;
  const p99 = (a: LoadResult, b: LoadResult) => (a.p99 + b.p99) / 2;
  const [plainP99, worstP99] = [p99(runs[0], runs[3]), p99(runs[1], runs[2])];
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  console.log(
    `plain search p99 ${plainP99.toFixed(0)} ms, worst search p99 ${worstP99.toFixed(0)} ms (${CONNECTIONS} connections, errors ${errors})`,
  );
  console.log(`worst search p99 / plain search p99: ${(worstP99 / Math.max(1, plainP99)).toFixed(2)} (target <= 3)`);
}
