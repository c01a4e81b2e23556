import { signIn, type AdminClient } from "./admin-client.ts";
import { buildSite, type Publish } from "./build-site.ts";
import { startDeployHook, type DeployHook } from "./deploy-hook.ts";
import { freePort } from "./free-port.ts";
import { fullSync } from "./full-sync.ts";
import { waitForSyncIdle } from "./sync-idle.ts";
import { waitForReload, workerInstance } from "./worker-instance.ts";
import { startWorker } from "./worker-process.ts";
import { subscribeWorker } from "./webhook-subscription.ts";
import { startNotionServer, type NotionServer } from "../notion-server/server.ts";

/** Everything `npm start` runs: Notion (demo or external), the worker, the deploy hook, synced data and a built site. */
export type Stack = { url: string; notionUrl: string; password: string; admin: AdminClient; hook: DeployHook; workerExited: Promise<number | null>; stop(): Promise<void> };

/** Options: port, state folder, built-site folder (default dist), admin password, external Notion, a progress logger, webhooks from the demo Notion server. */
export type StackOptions = { port: number; persistTo: string; assetsDir?: string; password: string; notion?: { url: string; token: string }; log?: (line: string) => void; webhooks?: boolean };

/** Starts the whole site and API on `port`, syncs the workspace through the worker's own sync code, and builds the site. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const notion = options.notion
    ? { ...options.notion, close: async () => {} }
    : await startNotionServer({ port: await freePort() });
  const demo = options.notion ? null : (notion as NotionServer);
  log(options.notion ? `notion: using ${notion.url}` : `notion: demo workspace on ${notion.url}`);
  const url = `http://127.0.0.1:${options.port}`;
  const assetsDir = options.assetsDir ?? "dist";
  let admin: AdminClient | undefined;
  // Publishing into the assets folder makes wrangler dev reload the worker, which cuts a running sync short: publish
  // when no sync has run for 2 s (so a run of table syncs is not cut), and count the build as live once the reload is done.
  const publish: Publish = async (copy) => {
    await hook.released();
    if (admin && !(await waitForSyncIdle(admin, { quietMs: 2000 }))) log("rebuild: a sync still looks busy after 2 min; publishing anyway");
    const before = await workerInstance(url);
    copy();
    if (!(await waitForReload(url, before))) log("rebuild: the worker did not reload within 15 s of publishing");
  };
  const hook = await startDeployHook(await freePort(), () => buildSite(url, assetsDir, log, publish), log);
  const worker = await startWorker({
    port: options.port,
    persistTo: options.persistTo,
    assetsDir,
    vars: { NOTION_API_URL: notion.url, NOTION_TOKEN: notion.token, ADMIN_PASSWORD: options.password, DEPLOY_HOOK_URL: hook.url, NOTION_WEBHOOK_DEBOUNCE_MS: "1000" },
    log: (line) => {
      // workerd's failed look-up of Cloudflare's `cf` metadata is expected offline and says nothing useful.
      if (/sync|rror|✘/.test(line) && !line.includes("workers.cloudflare.com")) log(`  [worker] ${line}`);
    },
  });
  log(`worker: listening on ${worker.url}`);
  const stop = async () => {
    await worker.stop();
    await hook.close();
    await notion.close();
  };
  try {
    admin = await signIn(worker.url, options.password);
    await fullSync(admin, log);
    await buildSite(url, assetsDir, log, publish);
    hook.arm();
    if (options.webhooks && demo) await subscribeWorker(demo, admin, worker.url, log);
    return { url, notionUrl: notion.url, password: options.password, admin, hook, workerExited: worker.exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
