import type { NotionParent } from "#contract/admin-api";
import { ADMIN_PATHS, hideWebhookSecret } from "#contract/api-paths";
import { assertWorkerAccepts } from "./admin-password.ts";
import { signIn, type AdminClient } from "../lib/admin-client.ts";
import { buildSite, type BuildReport, type Publish } from "../lib/build-site.ts";
import { startDeployHook, type BuildMode, type DeployHook } from "./deploy-hook.ts";
import { freePort } from "../lib/ports.ts";
import { fullSync } from "../lib/full-sync.ts";
import { waitForSyncIdle } from "./sync-idle.ts";
import { waitForReload, workerInstance } from "./worker-instance.ts";
import { startWorker } from "./worker-process.ts";
import { subscribeWorker } from "./webhook-subscription.ts";
import { startNotionServer, type NotionServer } from "../notion-server/server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { workerLogLine } from "./worker-log.ts";

/** Where the local stack emails enquiries (nothing leaves the machine: wrangler dev writes the messages to files). */
export const DEMO_ENQUIRY_EMAIL = { to: "dealer@coin-op.example", from: "enquiries@coin-op.example" } as const;

/** Everything `npm start` runs: Notion (demo or external), the worker, the deploy hook, synced data and a built site. */
export type Stack = {
  url: string;
  notionUrl: string;
  password: string;
  admin: AdminClient;
  hook: DeployHook;
  workerExited: Promise<number | null>;
  /** What the start-up's full sync and first build did. */
  startup: { sync: Awaited<ReturnType<typeof fullSync>>; build: BuildReport };
  stop(): Promise<void>;
};

/**
 * Options: port, state folder, built-site folder (default dist), admin password, external Notion, a progress logger, a
 * signal that cancels the start-up, webhooks from the demo Notion server, a local Notion server started by the caller
 * (used as the demo one, left running by stop()), a callback told of every rebuild after the start-up, and one given
 * every line the worker logs (each workflow step's own line goes only there).
 */
export type StackOptions = {
  port: number;
  persistTo: string;
  assetsDir?: string;
  password: string;
  /** An external Notion (or Notion-compatible) server, and the page its catalogue sits under when known (set in the worker before the first sync). */
  notion?: { url: string; token: string; parentPage?: string };
  log?: (line: string) => void;
  signal?: AbortSignal;
  webhooks?: boolean;
  localNotion?: NotionServer;
  onRebuild?: (report: BuildReport) => void;
  workerLog?: (line: string) => void;
  /** Vars the worker gets besides the stack's own (e.g. SYNC_STEP_SUBREQUESTS), over wrangler.toml's. */
  vars?: Record<string, string>;
  /** The devtools port of `wrangler dev` (its own default, 9229, when not given). */
  inspectorPort?: number;
  /** When the local deploy hook builds a requested rebuild (at once unless given: see startDeployHook). */
  buildMode?: BuildMode;
};

/**
 * Starts the whole site and API on `port`, syncs the workspace through the worker's own sync code, and builds the site.
 * When `signal` aborts during the start-up, or the start-up fails, it stops what it has started (the worker's and any
 * build's process groups included) before it rejects; `stop()` later does the same, a running rebuild included.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  assertWorkerAccepts(options.password);
  const log = options.log ?? (() => {});
  const stopping = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopping.signal]) : stopping.signal;
  const closers: (() => Promise<void>)[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping.abort(new Error("the stack is stopping"));
      for (const close of closers.reverse()) await close();
    })());
  try {
    signal.throwIfAborted();
    const demo = options.localNotion ?? (options.notion ? null : await startNotionServer({ ...demoNotion(), port: await freePort() }));
    const notion = demo ?? { ...options.notion!, close: async () => {} };
    if (!options.localNotion) closers.push(notion.close);
    signal.throwIfAborted();
    log(options.notion ? `notion: using ${notion.url}` : `notion: demo workspace on ${notion.url}`);
    const url = `http://127.0.0.1:${options.port}`;
    const api = { url };
    const assetsDir = options.assetsDir ?? "dist";
    let admin: AdminClient | undefined;
    // Publishing into the assets folder makes wrangler dev reload the worker, which cuts a running sync short: publish
    // when no sync has run for 2 s (so a run of table syncs is not cut), and count the build as live once the reload is done.
    const publish: Publish = async (copy) => {
      await unlessAborted(hook.released(), signal);
      if (admin && !(await waitForSyncIdle(admin, { quietMs: 2000, signal })))
        log("rebuild: a sync still looks busy after 2 min; publishing anyway");
      const before = await workerInstance(url);
      signal.throwIfAborted();
      copy();
      if (!(await waitForReload(url, before, undefined, undefined, signal)))
        log("rebuild: the worker did not reload within 15 s of publishing");
    };
    const rebuild = async () => {
      try {
        const report = await buildSite(api, assetsDir, log, publish, signal);
        options.onRebuild?.(report);
      } catch (error) {
        // A build cut short by stopping is no failure worth reporting.
        if (!signal.aborted) throw error;
      }
    };
    const hook = await startDeployHook(await freePort(), rebuild, log, options.buildMode);
    closers.push(hook.close);
    const worker = await startWorker({
      port: options.port,
      persistTo: options.persistTo,
      assetsDir,
      vars: {
        NOTION_API_URL: notion.url,
        NOTION_TOKEN: notion.token,
        ADMIN_PASSWORD: options.password,
        DEPLOY_HOOK_URL: hook.url,
        NOTION_WEBHOOK_DEBOUNCE_MS: "1000",
        // Enquiries are emailed locally too: wrangler dev writes each message's text under .wrangler/tmp/email/ and logs its path.
        ENQUIRY_EMAIL_TO: DEMO_ENQUIRY_EMAIL.to,
        ENQUIRY_EMAIL_FROM: DEMO_ENQUIRY_EMAIL.from,
        ...options.vars,
      },
      log: (raw) => {
        // wrangler dev logs each request's path: the webhook endpoint's holds its secret.
        const line = hideWebhookSecret(raw);
        options.workerLog?.(line);
        const shown = workerLogLine(line);
        if (shown !== null) log(shown);
      },
      signal,
      inspectorPort: options.inspectorPort,
    });
    closers.push(worker.stop);
    log(`worker: listening on ${worker.url}`);
    // Sign-in and sync are requests to the worker: stopping it makes any left in flight fail.
    admin = await unlessAborted(signIn(worker.url, options.password), signal);
    if (options.notion?.parentPage) {
      const set = await unlessAborted(
        admin.call<NotionParent>(ADMIN_PATHS.notionParent, { method: "PUT", body: { page: options.notion.parentPage } }),
        signal,
      );
      log(`notion: the catalogue's page is "${set.title ?? ""}" (${set.parentPageId})`);
    }
    const sync = await unlessAborted(fullSync(admin, log), signal);
    const build = await buildSite(api, assetsDir, log, publish, signal);
    hook.arm();
    if (options.webhooks && demo) await unlessAborted(subscribeWorker(demo, admin, log), signal);
    return {
      url,
      notionUrl: notion.url,
      password: options.password,
      admin,
      hook,
      workerExited: worker.exited,
      startup: { sync, build },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Settles as `work` does, or rejects with the abort reason as soon as `signal` aborts. The work itself goes on until it
 * fails on its own (e.g. its requests once the server they talk to is stopped); its outcome is then ignored.
 */
function unlessAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
