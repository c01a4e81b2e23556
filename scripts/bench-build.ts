/**
 * `npm run bench:build`: the site build at catalogue size (BENCH_ITEMS, default 1,000 generated items plus the demo's
 * content) read through a fault-injecting proxy. Build 1 gets transient faults (5xx, 429 with Retry-After, cut connections)
 * on item and listing requests and must publish every page correctly; build 2 gets one item that keeps failing and must fail
 * naming that page while the published folder stays byte-identical.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { signIn } from "./lib/admin-client.ts";
import { buildSite } from "./lib/build-site.ts";
import { checkNode } from "./lib/check-node.ts";
import { startFaultProxy, type Fault } from "./lib/fault-proxy.ts";
import { freePort } from "./lib/free-port.ts";
import { fullSync } from "./lib/full-sync.ts";
import { ROOT } from "./lib/quiet-env.ts";
import { startWorker } from "./lib/worker-process.ts";
import { generateCatalogueWorkspace, loadDemoWorkspace } from "./demo-workspace/generate.ts";
import { CATALOGUE_TITLES } from "./demo-workspace/schemas.ts";
import { startNotionServer } from "./notion-server/server.ts";

checkNode();
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const FAILING_ITEMS = 23;

type ListedItem = { id: string; title: string };

function treeHash(dir: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(dir, name);
    hash.update(name);
    try {
      hash.update(readFileSync(path));
    } catch {
      // a folder
    }
  }
  return hash.digest("hex");
}

const demo = loadDemoWorkspace();
const generated = generateCatalogueWorkspace(ITEMS);
const titles = new Set<string>(CATALOGUE_TITLES);
const workspace = { ...generated, databases: [...generated.databases, ...demo.databases.filter((d) => !titles.has(d.title))] };
const notion = await startNotionServer({ port: await freePort(), workspace });
const state = resolve(ROOT, ".wrangler", "bench-build-state");
const outDir = ".wrangler/bench-build-dist";
rmSync(state, { recursive: true, force: true });
rmSync(resolve(ROOT, outDir), { recursive: true, force: true });
const worker = await startWorker({
  port: await freePort(),
  persistTo: state,
  vars: { NOTION_API_URL: notion.url, NOTION_TOKEN: notion.token, ADMIN_PASSWORD: "bench", DEPLOY_HOOK_URL: "" },
  assetsDir: resolve(ROOT, ".wrangler", "bench-build-assets"),
  extraArgs: ["--log-level", "warn"],
});

try {
  const sync = await fullSync(await signIn(worker.url, "bench"), () => {});
  console.log(`sync: ${sync.rows} rows in ${sync.seconds.toFixed(1)} s`);
  const forSale = async (category: string): Promise<ListedItem[]> =>
    ((await (await fetch(`${worker.url}/api/collection/${category}/for-sale?page=1&limit=100`)).json()) as { items: ListedItem[] }).items;
  const slots = await forSale("slots");
  const arcades = await forSale("arcades");
  const failing = [...slots.slice(0, 12).map((item) => ({ ...item, category: "slots" })), ...arcades.slice(0, FAILING_ITEMS - 12).map((item) => ({ ...item, category: "arcades" }))];
  const transient: Record<string, Fault> = {
    "/api/collection/vending/for-sale": { status: 503, reason: "Service Unavailable", times: 2 },
    "/api/collection/parts": { reset: true, times: 1 },
  };
  failing.forEach((item, n) => {
    transient[`/api/collection/${item.category}/${item.id}`] =
      n % 3 === 0 ? { status: 429, headers: { "Retry-After": "1" }, body: '{"error":"Too many requests"}', times: 1 } : n % 3 === 1 ? { status: 500, body: '{"error":"D1 is unavailable"}', times: 2 } : { reset: true, times: 1 };
  });

  const proxy = await startFaultProxy(worker.url, transient);
  const seconds = await buildSite(proxy.url, outDir, () => {});
  const dist = resolve(ROOT, outDir);
  const built = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  const pages = built.filter((name) => name.endsWith(".html")).length;
  // Workers Static Assets take 20,000 files per version (free plan): resized images live in R2, not here.
  const images = built.filter((name) => /\.(webp|avif|png|jpe?g|gif|svg)$/i.test(name)).length;
  // Every faulted answer is one retry: each fault is answered `times` times and then forwarded.
  const retries = Object.entries(transient).reduce((n, [path, fault]) => n + Math.min(proxy.hits(path), typeof fault === "object" ? (fault.times ?? 0) : 0), 0);
  await proxy.close();
  const wrong = failing.filter((item) => {
    const html = readFileSync(join(dist, "for-sale", item.category, `${item.id}.html`), "utf8");
    return !html.includes(`>${item.title}</h1>`) || html.includes("Item Not Found");
  });
  console.log(`\nBuild of ${ITEMS} generated items through a proxy failing ${Object.keys(transient).length} paths transiently:`);
  console.log(`  ${pages} pages in ${seconds.toFixed(1)} s, ${retries} retries; ${failing.length - wrong.length} of ${failing.length} faulted item pages correct`);
  console.log(`  ${outDir}: ${built.length} files, ${images} of them images`);
  if (wrong.length) throw new Error(`pages built wrong: ${wrong.map((i) => i.id).join(", ")}`);

  const before = treeHash(dist);
  const victim = slots[1];
  const permanent = await startFaultProxy(worker.url, { [`/api/collection/slots/${victim.id}`]: { status: 500, body: '{"error":"D1 is unavailable"}' } });
  const started = performance.now();
  let message = "";
  try {
    await buildSite(permanent.url, outDir, () => {});
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  const failedAfter = (performance.now() - started) / 1000;
  const attempts = permanent.hits(`/api/collection/slots/${victim.id}`);
  await permanent.close();
  const kept = treeHash(dist) === before;
  console.log(`\nBuild with /api/collection/slots/${victim.id} answering 500 every time:`);
  console.log(`  ${message ? "failed" : "SUCCEEDED"} after ${failedAfter.toFixed(1)} s, ${attempts} attempts at the item; ${outDir} ${kept ? "byte-identical" : "CHANGED"}`);
  console.log(`  message: ${message.split("\n")[0]}`);
  if (!message.includes(`Cannot build /gallery/slots/${victim.id}`) && !message.includes(`Cannot build /for-sale/slots/${victim.id}`)) throw new Error("the failed build did not name the page");
  if (!kept) throw new Error("the failed build changed the published folder");
} finally {
  await worker.stop();
  await notion.close();
}
