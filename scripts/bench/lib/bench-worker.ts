/** The worker a benchmark runs against: `wrangler dev` on a fresh state folder, pointed at a local Notion server. */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { NotionServer } from "../../notion-server/server.ts";
import { freePort } from "../../lib/ports.ts";
import { ROOT } from "../../lib/quiet-env.ts";
import { startWorker, type WorkerProcess } from "../../launcher/worker-process.ts";

/** Password of a benchmark's worker (local only; as long as the worker requires). */
export const BENCH_PASSWORD = "bench-admin-password";

/**
 * Starts a worker on a free port with state in `.wrangler/{name}-state` (emptied first) and a one-page asset folder
 * (`assets`), with `vars` over the benchmark's own.
 */
export async function startBenchWorker(
  name: string,
  notion: Pick<NotionServer, "url" | "token">,
  vars: Record<string, string> = {},
): Promise<WorkerProcess & { assets: string }> {
  const state = resolve(ROOT, ".wrangler", `${name}-state`);
  const assets = resolve(ROOT, ".wrangler", `${name}-assets`);
  rmSync(state, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  writeFileSync(resolve(assets, "index.html"), "<!doctype html><title>bench</title>");
  const worker = await startWorker({
    port: await freePort(),
    persistTo: state,
    vars: { NOTION_API_URL: notion.url, NOTION_TOKEN: notion.token, ADMIN_PASSWORD: BENCH_PASSWORD, DEPLOY_HOOK_URL: "", ...vars },
    assetsDir: assets,
    extraArgs: ["--log-level", "warn"],
  });
  return { ...worker, assets };
}
