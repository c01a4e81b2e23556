import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { signIn } from "./lib/admin-client.ts";
import { freePort } from "./lib/free-port.ts";
import { fullSync } from "./lib/full-sync.ts";
import { ROOT } from "./lib/quiet-env.ts";
import { startWorker } from "./lib/worker-process.ts";
import { generateCatalogueWorkspace, loadDemoWorkspace } from "./demo-workspace/generate.ts";
import { startNotionServer } from "./notion-server/server.ts";

const items = Number(process.env.ITEMS ?? 1000);
const workspace = items ? generateCatalogueWorkspace(items) : loadDemoWorkspace();
const notion = await startNotionServer({ port: await freePort(), workspace, requestsPerSecond: 3 });
const state = resolve(ROOT, ".wrangler", "probe-state");
rmSync(state, { recursive: true, force: true });
const worker = await startWorker({
  port: await freePort(), persistTo: state,
  vars: { NOTION_API_URL: notion.url, NOTION_TOKEN: notion.token, ADMIN_PASSWORD: "p", DEPLOY_HOOK_URL: "" },
  log: (l) => { if (/sync/.test(l)) console.log("  [w]", l); },
});
try {
  const admin = await signIn(worker.url, "p");
  notion.resetStats();
  const t0 = performance.now();
  const r = await fullSync(admin, (l) => console.log(((performance.now() - t0) / 1000).toFixed(2), l));
  console.log(r, notion.stats());
} finally { await worker.stop(); await notion.close(); }
