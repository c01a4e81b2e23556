/** `npm run bench:sync`: at 1,000 items (Notion limited to 3 req/s), a full table copy and the full sync vs the incremental Sync Data and nightly sync after one edit. */
import type { NotionTables } from "#contract/admin-api";
import { ADMIN_PATHS } from "#contract/api-paths";
import { NOTION_VERSION } from "#contract/notion";
import { signIn } from "../lib/admin-client.ts";
import { syncAllRun, syncTableRun } from "../lib/sync-run.ts";
import { checkNode } from "../lib/check-node.ts";
import { freePort } from "../lib/ports.ts";
import { BENCH_PASSWORD, startBenchWorker } from "./lib/bench-worker.ts";
import { generateCatalogueWorkspace } from "./lib/generate-workspace.ts";
import { dataSourceIdFor } from "../notion-server/ids.ts";
import { startNotionServer } from "../notion-server/server.ts";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";

checkNode();
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const TABLE = "notion_slot_machines";

const workspace = generateCatalogueWorkspace(ITEMS);
const notion = await startNotionServer({ port: await freePort(), workspace, imagesDir: DEMO_IMAGES_DIR, requestsPerSecond: 3 });
const worker = await startBenchWorker("bench-sync", notion);

const notionHeaders = { authorization: `Bearer ${notion.token}`, "notion-version": NOTION_VERSION, "content-type": "application/json" };

/** Edits the title of one slot machine page, as the operator would in Notion. */
async function editOnePage(title: string): Promise<void> {
  const query = await fetch(`${notion.url}/v1/data_sources/${dataSourceIdFor("Slot Machines")}/query`, {
    method: "POST",
    headers: notionHeaders,
    body: JSON.stringify({ page_size: 1 }),
  });
  const [page] = ((await query.json()) as { results: { id: string }[] }).results;
  if (!page) throw new Error("the Notion stand-in answered no slot machine page to edit");
  const id = page.id;
  await fetch(`${notion.url}/v1/pages/${id}`, {
    method: "PATCH",
    headers: notionHeaders,
    body: JSON.stringify({ properties: { Title: { title: [{ text: { content: title } }] } } }),
  });
}

try {
  const admin = await signIn(worker.url, BENCH_PASSWORD);
  const timed = async (label: string, work: () => Promise<unknown>) => {
    notion.resetStats();
    const started = performance.now();
    await work();
    const { requests, byPath } = notion.stats();
    const count = (pattern: RegExp) => Object.entries(byPath).reduce((n, [path, c]) => n + (pattern.test(path) ? c : 0), 0);
    return { label, seconds: (performance.now() - started) / 1000, requests, queries: count(/\/query$/), bodies: count(/\/children$/) };
  };
  await admin.call(ADMIN_PATHS.syncSchemas, { method: "POST", untimed: true });
  const { tables } = await admin.call<NotionTables>(ADMIN_PATHS.notionTables);
  const slots = tables.find((t) => t.tableName === TABLE)!;
  const syncData = () => syncTableRun(admin, slots, { untimed: true });
  const syncAll = () => syncAllRun(admin, { untimed: true });
  const rows: { label: string; seconds: number; requests: number; queries: number; bodies: number }[] = [];
  rows.push(await timed("Sync Data, first (full copy)", syncData));
  await editOnePage("Edited for the benchmark");
  rows.push(await timed("Sync Data after one edit", syncData));
  rows.push(await timed("Full sync, first (12 tables)", syncAll));
  await editOnePage("Edited again for the benchmark");
  rows.push(await timed("Nightly sync after one edit", syncAll));
  const pages = workspace.databases.find((d) => d.title === "Slot Machines")!.pages.length;
  console.log(`\n${ITEMS} catalogue items (${pages} slot machines); Notion server limited to 3 req/s:`);
  console.log(`${"run".padEnd(32)} ${"seconds".padStart(8)} ${"requests".padStart(9)} ${"queries".padStart(8)} ${"bodies".padStart(7)}`);
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(32)} ${r.seconds.toFixed(1).padStart(8)} ${String(r.requests).padStart(9)} ${String(r.queries).padStart(8)} ${String(r.bodies).padStart(7)}`,
    );
  }
  console.log(
    "bodies: block reads (an edited catalogue page's body; the nightly sync also fills up to 50 never-read bodies per catalogue table)",
  );
} finally {
  await worker.stop();
  await notion.close();
}
