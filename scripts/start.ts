/** `npm start`: demo Notion server, local worker (D1/KV/R2), full sync, site build, and a local deploy hook that rebuilds the site. */
import { checkNode } from "./lib/check-node.ts";
import { signIn } from "./lib/admin-client.ts";
import { buildSite } from "./lib/build-site.ts";
import { startDeployHook } from "./lib/deploy-hook.ts";
import { freePort } from "./lib/free-port.ts";
import { fullSync } from "./lib/full-sync.ts";
import { startWorker } from "./lib/worker-process.ts";
import { startNotionServer } from "./notion-server/server.ts";

checkNode();

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT=${process.env.PORT} is not a valid port number (try PORT=8787).`);
  process.exit(1);
}
const password = process.env.ADMIN_PASSWORD || "admin";
const external = process.env.NOTION_API_URL && process.env.NOTION_TOKEN;
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

const notion = external
  ? { url: process.env.NOTION_API_URL!, token: process.env.NOTION_TOKEN!, close: async () => {} }
  : await startNotionServer({ port: await freePort() });
console.log(external ? `notion: using ${notion.url}` : `notion: demo workspace on ${notion.url}`);

const apiUrl = `http://127.0.0.1:${port}`;
const hook = await startDeployHook(await freePort(), () => buildSite(apiUrl));
const worker = await startWorker({
  port,
  persistTo: ".wrangler/state",
  vars: { NOTION_API_URL: notion.url, NOTION_TOKEN: notion.token, ADMIN_PASSWORD: password, DEPLOY_HOOK_URL: hook.url },
  log: (line) => {
    if (/sync|error|Error|✘/.test(line)) console.log(`  [worker] ${line}`);
  },
});
console.log(`worker: listening on ${worker.url} (${elapsed()})`);

const admin = await signIn(worker.url, password);
await fullSync(admin);
// The syncs above asked the deploy hook for rebuilds; wait for them rather than building twice.
await hook.idle();
await buildSite(apiUrl);

console.log(`\nReady in ${elapsed()}: ${worker.url}  (admin: ${worker.url}/admin, password: ${password}${process.env.ADMIN_PASSWORD ? " from ADMIN_PASSWORD" : ", local demo default"})`);
console.log("Press Ctrl+C to stop.");

const shutdown = async () => {
  await worker.stop();
  await hook.close();
  await notion.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
