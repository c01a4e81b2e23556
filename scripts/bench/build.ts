/**
 * `npm run bench:build`: the site build at catalogue size (BENCH_ITEMS, default 1,000 generated items plus the demo's
 * content) read through a fault-injecting proxy. Build 1 (full) gets transient faults (5xx, 429 with Retry-After, cut
 * connections) on the bulk catalogue and listing requests and must publish every page correctly. Then one item is edited in
 * Notion and its table synced: build 2 is incremental (seconds, files rendered, files published). Build 3 gets a category
 * whose catalogue keeps failing and must fail naming its pages while the published folder stays byte-identical; build 4,
 * after another edit, must still be incremental and show the edit (the failed build did not poison the cache).
 */
import type { NotionTables } from "#contract/admin-api";
import { ADMIN_PATHS } from "#contract/api-paths";
import { compactId, itemAddress } from "#contract/item-address";
import { NOTION_VERSION } from "#contract/notion";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { signIn } from "../lib/admin-client.ts";
import { cacheDirFor } from "../lib/build-cache.ts";
import { buildSite } from "../lib/build-site.ts";
import { checkNode } from "../lib/check-node.ts";
import { startFaultProxy, type Fault } from "../lib/fault-proxy.ts";
import { freePort } from "../lib/ports.ts";
import { fullSync } from "../lib/full-sync.ts";
import { syncTableRun } from "../lib/sync-run.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { BENCH_PASSWORD, startBenchWorker } from "./lib/bench-worker.ts";
import { loadDemoWorkspace } from "#workspace/demo/load";
import { generateCatalogueWorkspace } from "./lib/generate-workspace.ts";
import { CATALOGUE_TITLES } from "#workspace/demo/schemas";
import { startNotionServer } from "../notion-server/server.ts";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";

checkNode();
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);

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
const notion = await startNotionServer({ port: await freePort(), workspace, imagesDir: DEMO_IMAGES_DIR });
const outDir = ".wrangler/bench-build-dist";
rmSync(resolve(ROOT, outDir), { recursive: true, force: true });
const worker = await startBenchWorker("bench-build", notion);

const editTitle = async (id: string, title: string) => {
  const res = await fetch(`${notion.url}/v1/pages/${id}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${notion.token}`, "Notion-Version": NOTION_VERSION, "Content-Type": "application/json" },
    body: JSON.stringify({ properties: { Title: { title: [{ type: "text", text: { content: title } }] } } }),
  });
  if (!res.ok) throw new Error(`Notion PATCH ${id}: ${res.status} ${await res.text()}`);
};
const imagesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => /\.(webp|avif|png|jpe?g|gif|svg)$/i.test(name)).length;
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => statSync(join(dir, name)).isFile()).length;

try {
  const admin = await signIn(worker.url, BENCH_PASSWORD);
  const sync = await fullSync(admin, () => {});
  console.log(`sync: ${sync.rows} rows in ${sync.seconds.toFixed(1)} s`);
  const syncSlots = async () => {
    const { tables } = await admin.call<NotionTables>(ADMIN_PATHS.notionTables);
    const table = tables.find((t) => t.databaseTitle === "Slot Machines");
    if (!table) throw new Error("no Slot Machines table");
    await syncTableRun(admin, table);
  };
  const forSale = async (category: string): Promise<ListedItem[]> =>
    ((await (await fetch(`${worker.url}/api/collection/${category}/for-sale?page=1&limit=100`)).json()) as { items: ListedItem[] }).items;
  const slots = await forSale("slots");
  const firstSlice = ((await (await fetch(`${worker.url}/api/build/catalogue/arcades`)).json()) as { next: string | null }).next;
  const transient: Record<string, Fault> = {
    "/api/collection/vending/for-sale": { status: 503, reason: "Service Unavailable", times: 2 },
    "/api/collection/parts": { reset: true, times: 1 },
    "/api/build/catalogue/slots": { status: 429, headers: { "Retry-After": "1" }, body: '{"error":"Too many requests"}', times: 1 },
    "/api/build/catalogue/arcades": { status: 500, body: '{"error":"D1 is unavailable"}', times: firstSlice ? 2 : 1 },
    "/api/build/catalogue/vending": { reset: true, times: 1 },
  };

  const rmCache = () => rmSync(cacheDirFor(outDir), { recursive: true, force: true });
  rmCache();
  // One proxy (one API address) for every build: the address is part of Astro's config hash (image domains), and a build
  // from another address would be a full one. Its fault table is changed between builds.
  const faults: Record<string, Fault> = { ...transient };
  const proxy = await startFaultProxy(worker.url, faults);
  const setFaults = (next: Record<string, Fault>) => {
    for (const key of Object.keys(faults)) delete faults[key];
    Object.assign(faults, next);
  };
  const built = await buildSite({ url: proxy.url }, outDir, () => {});
  const dist = resolve(ROOT, outDir);
  // Every faulted answer is one retry: each fault is answered `times` times and then forwarded.
  const retries = Object.entries(transient).reduce(
    (n, [path, fault]) => n + Math.min(proxy.hits(path), typeof fault === "object" ? (fault.times ?? 0) : 0),
    0,
  );
  const bulk = Object.keys(transient)
    .filter((path) => path.startsWith("/api/build/"))
    .reduce((n, path) => n + proxy.hits(path), 0);
  setFaults({});
  const wrong = slots.slice(0, 12).filter((item) => {
    const html = readFileSync(join(dist, "for-sale", "slots", `${itemAddress(item)}.html`), "utf8");
    return !html.includes(`>${item.title}</h1>`) || html.includes("Item Not Found");
  });
  console.log(`\nFull build of ${ITEMS} generated items through a proxy failing ${Object.keys(transient).length} paths transiently:`);
  console.log(
    `  ${built.pages} pages, ${filesIn(dist)} files in ${outDir}, ${built.seconds.toFixed(1)} s; ${built.rendered.length} files rendered; ${retries} retries; ${bulk} bulk catalogue requests for slots, arcades and vending`,
  );
  // Workers Static Assets take 20,000 files per version (free plan): resized images live in R2, not here.
  console.log(`  ${outDir}: ${imagesIn(dist)} image files`);
  if (wrong.length) throw new Error(`pages built wrong: ${wrong.map((i) => i.id).join(", ")}`);

  const edited = slots[2];
  if (!edited) throw new Error(`the bench edits the third slot machine for sale, and there are ${slots.length}`);
  await editTitle(edited.id, `${edited.title} (edited)`);
  await syncSlots();
  const incremental = await buildSite({ url: proxy.url }, outDir, () => {});
  // A title edit moves the item's pages to its new slug: the old pages go (the worker redirects their addresses).
  const editedPage = (title: string) => join(dist, "gallery", "slots", `${itemAddress({ id: edited.id, title })}.html`);
  const shows =
    readFileSync(editedPage(`${edited.title} (edited)`), "utf8").includes(`>${edited.title} (edited)</h1>`) &&
    !existsSync(editedPage(edited.title ?? ""));
  console.log(`\nOne slot's title edited in Notion, its table synced, then an incremental build:`);
  console.log(
    `  ${incremental.seconds.toFixed(1)} s; ${incremental.rendered.length} files rendered (${incremental.rendered.filter((f) => f.includes(compactId(edited.id))).length} of them the item's pages), ${incremental.reused} reused; published ${incremental.published.copied} changed files of ${filesIn(dist)}; the page ${shows ? "shows" : "DOES NOT SHOW"} the edit`,
  );
  console.log(`  rendered: ${incremental.rendered.slice(0, 40).join(" ")}${incremental.rendered.length > 40 ? " …" : ""}`);
  if (!shows) throw new Error("the incremental build did not show the edit");

  const before = treeHash(dist);
  const failingPath = "/api/build/catalogue/slots";
  setFaults({ [failingPath]: { status: 500, body: '{"error":"D1 is unavailable"}' } });
  const hitsBefore = proxy.hits(failingPath);
  const started = performance.now();
  let message = "";
  try {
    await buildSite({ url: proxy.url }, outDir, () => {});
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  const failedAfter = (performance.now() - started) / 1000;
  const attempts = proxy.hits(failingPath) - hitsBefore;
  setFaults({});
  const kept = treeHash(dist) === before;
  console.log(`\nBuild with ${failingPath} answering 500 every time:`);
  console.log(
    `  ${message ? "failed" : "SUCCEEDED"} after ${failedAfter.toFixed(1)} s, ${attempts} attempts; ${outDir} ${kept ? "byte-identical" : "CHANGED"}`,
  );
  console.log(`  message: ${message.split("\n")[0]}`);
  if (!message.includes("Cannot build /gallery/slots/* and /for-sale/slots/*")) throw new Error("the failed build did not name the pages");
  if (!kept) throw new Error("the failed build changed the published folder");

  await editTitle(edited.id, `${edited.title} (edited twice)`);
  await syncSlots();
  const after = await buildSite({ url: proxy.url }, outDir, () => {});
  const showsAgain = readFileSync(
    join(dist, "for-sale", "slots", `${itemAddress({ id: edited.id, title: `${edited.title} (edited twice)` })}.html`),
    "utf8",
  ).includes(`>${edited.title} (edited twice)</h1>`);
  console.log(
    `\nAnother edit after the failed build: ${after.seconds.toFixed(1)} s, ${after.rendered.length} files rendered, ${after.reused} reused; the page ${showsAgain ? "shows" : "DOES NOT SHOW"} the edit`,
  );
  if (!showsAgain) throw new Error("the build after a failed one did not show the edit");
  await proxy.close();
} finally {
  await worker.stop();
  await notion.close();
}
