/** `npm run bench:api`: warm-cache API vs a static asset under load, and a rate-limited 1,000-item sync against its request floor. */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { signIn } from "../lib/admin-client.ts";
import { checkNode } from "../lib/check-node.ts";
import { freePort } from "../lib/ports.ts";
import { fullSync } from "../lib/full-sync.ts";
import { load, type LoadResult } from "./lib/load.ts";
import { BENCH_PASSWORD, startBenchWorker } from "./lib/bench-worker.ts";
import { generateCatalogueWorkspace } from "./lib/generate-workspace.ts";
import { startNotionServer } from "../notion-server/server.ts";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";

checkNode();
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const RPS_LIMIT = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const workspace = generateCatalogueWorkspace(ITEMS);
const notion = await startNotionServer({ port: await freePort(), workspace, imagesDir: DEMO_IMAGES_DIR, requestsPerSecond: RPS_LIMIT });
const worker = await startBenchWorker("bench", notion);

try {
  const admin = await signIn(worker.url, BENCH_PASSWORD);
  notion.resetStats();
  const sync = await fullSync(admin, () => {});
  const made = notion.stats().requests;
  const databases = workspace.databases;
  const needed = Math.ceil(databases.length / 100) + databases.reduce((n, d) => n + Math.max(1, Math.ceil(d.pages.length / 100)), 0);
  const floor = needed / RPS_LIMIT;

  const listingPath = "/api/collection/slots/gallery?page=1&limit=2";
  const listing = await (await fetch(worker.url + listingPath)).text();
  const firstId = (JSON.parse(listing) as { items: { id: string }[] }).items[0]?.id;
  const itemPath = `/api/collection/slots/${firstId}`;
  await fetch(worker.url + itemPath);
  // The static asset carries the same bytes as the listing, so only the serving path differs.
  writeFileSync(resolve(worker.assets, "listing.json"), listing);
  await new Promise((r) => setTimeout(r, 1500));

  const staticAsset = await load("static asset (same JSON bytes)", `${worker.url}/listing.json`, 50, SECONDS);
  const results: LoadResult[] = [staticAsset];
  results.push(await load("API listing, warm cache", worker.url + listingPath, 50, SECONDS));
  results.push(await load("API item detail, warm cache", worker.url + itemPath, 50, SECONDS));

  const base = staticAsset.rps;
  console.log(`\nHTTP at 50 connections, ${SECONDS} s each (wrangler dev / workerd, local KV):`);
  console.log(
    `${"target".padEnd(32)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"vs static".padStart(10)} ${"errors".padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(32)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${(r.rps / base).toFixed(2).padStart(10)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log(`target: API >= 0.50 of the static asset's req/s`);

  console.log(`\nSync of ${sync.rows} catalogue items in ${databases.length} databases, Notion server limited to ${RPS_LIMIT} req/s:`);
  console.log(`${"seconds".padEnd(10)} ${"requests".padStart(9)} ${"needed".padStart(7)} ${"floor s".padStart(8)} ${"ratio".padStart(6)}`);
  console.log(
    `${sync.seconds.toFixed(1).padEnd(10)} ${String(made).padStart(9)} ${String(needed).padStart(7)} ${floor.toFixed(1).padStart(8)} ${(sync.seconds / floor).toFixed(2).padStart(6)}`,
  );
  console.log(`target: ratio <= 1.25 (floor = requests needed / ${RPS_LIMIT} per second)`);
} finally {
  await worker.stop();
  await notion.close();
}
