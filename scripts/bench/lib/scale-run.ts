import { readdirSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { loadDemoWorkspace } from "#workspace/demo/load";
import { generateCatalogueWorkspace } from "./generate-workspace.ts";
import { CATALOGUE_TITLES } from "#workspace/demo/schemas";
import { startNotionServer, type NotionServer } from "../../notion-server/server.ts";
import { DEMO_IMAGES_DIR } from "../../lib/demo-workspace.ts";
import { buildFolderFor, type BuildReport } from "../../lib/build-site.ts";
import { BENCH_PASSWORD } from "./bench-worker.ts";
import { cacheDirFor } from "../../lib/build-cache.ts";
import { freePort } from "../../lib/ports.ts";
import { ROOT } from "../../lib/quiet-env.ts";
import { REQUESTS_PER_SECOND, type ScaleResult } from "./scale-report.ts";
import { startStack } from "../../launcher/stack.ts";
import { cpuMsBetween, sampleWorkerdCpu } from "./workerd-cpu.ts";
import { itemPagePath } from "#contract/item-address";
import { NOTION_VERSION } from "#contract/notion";
import { parseStepLog, type StepLog } from "#contract/step-log";
import { DEFAULT_STEP_BUDGET } from "#contract/step-budget";
import type { AdminClient } from "../../lib/admin-client.ts";

/** `items` generated catalogue items plus the demo's content pages (the site needs its banner, header and texts). */
export function scaleWorkspace(items: number) {
  const generated = generateCatalogueWorkspace(items);
  const titles = new Set<string>(CATALOGUE_TITLES);
  return { ...generated, databases: [...generated.databases, ...loadDemoWorkspace().databases.filter((d) => !titles.has(d.title))] };
}

/** Gives the page `id` (a catalogue item) the title `title` through the Notion API, as the dealer would edit it. */
export async function editTitle(notion: NotionServer, id: string, title: string): Promise<void> {
  const res = await fetch(`${notion.url}/v1/pages/${id}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${notion.token}`, "Notion-Version": NOTION_VERSION, "Content-Type": "application/json" },
    body: JSON.stringify({ properties: { Title: { title: [{ type: "text", text: { content: title } }] } } }),
  });
  if (!res.ok) throw new Error(`Notion PATCH ${id}: ${res.status} ${await res.text()}`);
}

/**
 * One size of `npm run bench:scale`, its steps cut to `budget` subrequests: the launcher's stack (worker, deploy hook, full sync, first build) on fresh state
 * against a local Notion server at 3 requests/s, then one slot's title edited twice: once heard through the signed
 * webhook, once (webhooks unsubscribed) through Sync Data, each timed from the edit until the served page shows it.
 */
export async function scaleRun(items: number, log: (line: string) => void, budget = DEFAULT_STEP_BUDGET): Promise<ScaleResult> {
  const name = `bench-scale-${items}-${budget}`;
  const persistTo = resolve(ROOT, ".wrangler", `${name}-state`);
  const assetsDir = `.wrangler/${name}-dist`;
  for (const dir of [persistTo, resolve(ROOT, assetsDir), buildFolderFor(assetsDir), cacheDirFor(assetsDir)])
    rmSync(dir, { recursive: true, force: true });
  const notion = await startNotionServer({
    port: await freePort(),
    workspace: scaleWorkspace(items),
    imagesDir: DEMO_IMAGES_DIR,
    requestsPerSecond: REQUESTS_PER_SECOND,
  });
  const rebuilds: { at: number; report: BuildReport }[] = [];
  const steps: StepLog[] = [];
  const cpu = sampleWorkerdCpu();
  try {
    const stack = await startStack({
      port: await freePort(),
      persistTo,
      assetsDir,
      password: BENCH_PASSWORD,
      localNotion: notion,
      webhooks: true,
      vars: { SYNC_STEP_SUBREQUESTS: String(budget) },
      log,
      onRebuild: (report) => rebuilds.push({ at: performance.now(), report }),
      workerLog: (line) => {
        const step = parseStepLog(line);
        if (step) steps.push(step);
      },
    });
    try {
      const { sync, build } = stack.startup;
      if (!sync.success) throw new Error("the full sync failed (see the lines above)");
      // Every step logged so far was the start-up's full sync.
      const usage = fullSyncUsage([...steps], persistTo);
      const step = await stepLimits(stack.admin);
      const dist = resolve(ROOT, assetsDir);
      const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
      const res = await fetch(`${stack.url}/api/collection/slots/for-sale?page=1&limit=2`);
      if (!res.ok) throw new Error(`GET /api/collection/slots/for-sale: ${res.status} ${await res.text()}`);
      const item = ((await res.json()) as { items: { id: string; title: string }[] }).items[0];
      if (!item) throw new Error("no slot machine for sale to edit");

      const viaEdit = async (label: string, afterEdit: () => Promise<unknown>) => {
        await stack.hook.idle();
        const title = `${item.title} ${label} ${Date.now()}`;
        const since = performance.now();
        await editTitle(notion, item.id, title);
        await afterEdit();
        // The edited title is the page's new address; until the rebuild writes it, the worker's 404 page answers there.
        const page = `${stack.url}${itemPagePath("gallery", { id: item.id, category: "slots", title })}`;
        const seconds = await waitForPageText(page, `>${title}</h1>`, since);
        // The page is live once published; its build reports after the worker's reload.
        await stack.hook.idle();
        const last = rebuilds.filter((r) => r.at >= since).at(-1);
        log(`bench: ${label}: live after ${seconds.toFixed(1)} s`);
        return { seconds, buildSeconds: last ? last.report.buildSeconds : null };
      };
      const webhook = await viaEdit("webhook", async () => {});
      await fetch(`${notion.url}/__control/webhook`, { method: "DELETE" });
      const { tables } = await stack.admin.call<{ tables: { tableName: string; databaseId: string; databaseTitle: string }[] }>(
        "/api/admin/notion-tables",
      );
      const slots = tables.find((t) => t.databaseTitle === "Slot Machines");
      if (!slots) throw new Error("no Slot Machines table");
      const syncData = await viaEdit("sync-data", () =>
        stack.admin.call("/api/admin/notion-sync-table", {
          method: "POST",
          body: { tableName: slots.tableName, databaseId: slots.databaseId },
          untimed: true,
        }),
      );
      return {
        items,
        budget,
        sync: { seconds: sync.seconds, requests: sync.requests },
        usage: { ...usage, files: await filesCopied(stack.admin) },
        step: { ...step, cpuMs: mostStepCpu(steps, cpu.stop(), log) },
        build: { seconds: build.seconds, pages: build.pages, files },
        webhook,
        syncData,
      };
    } finally {
      await stack.stop();
    }
  } finally {
    cpu.stop();
    await notion.close();
  }
}

/** The full sync's steps and D1 rows from its step logs, and the local D1 database's size on disk (its SQLite files). */
function fullSyncUsage(steps: StepLog[], persistTo: string) {
  const d1 = resolve(persistTo, "v3", "d1");
  const d1Bytes = readdirSync(d1, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.sqlite(-wal)?$/.test(e.name) && !e.name.startsWith("metadata"))
    .reduce((sum, e) => sum + statSync(resolve(e.parentPath, e.name)).size, 0);
  return {
    steps: steps.length,
    rowsRead: steps.reduce((n, s) => n + (s.rowsRead ?? 0), 0),
    rowsWritten: steps.reduce((n, s) => n + (s.rowsWritten ?? 0), 0),
    d1Bytes,
  };
}

/** Files the full sync copied into R2 (its run's count in the sync history). */
async function filesCopied(admin: AdminClient): Promise<number> {
  const { runs } = await admin.call<{ runs: { kind: string; filesCopied: number | null }[] }>("/api/admin/sync-runs");
  return runs.filter((r) => r.kind === "full").reduce((n, r) => n + (r.filesCopied ?? 0), 0);
}

/** The most CPU ms any one logged workflow step's window saw workerd use (an upper bound: concurrent work counts too). */
function mostStepCpu(steps: StepLog[], samples: ReturnType<ReturnType<typeof sampleWorkerdCpu>["stop"]>, log: (line: string) => void) {
  let most: { ms: number; step: StepLog } | null = null;
  for (const step of steps) {
    const ms = cpuMsBetween(samples, step.startedAt, step.endedAt);
    if (ms !== null && (!most || ms > most.ms)) most = { ms, step };
  }
  if (most)
    log(`bench: ${steps.length} workflow steps; the most CPU, ${most.ms.toFixed(0)} ms, in run ${most.step.runId}'s "${most.step.name}"`);
  return most ? Math.round(most.ms) : null;
}

/**
 * Polls `url` every `pollMs` until its body contains `text`, at most `limitMs`; returns the seconds since `since`
 * (a performance.now() value). Throws naming the page when the text never shows.
 */
export async function waitForPageText(url: string, text: string, since: number, { limitMs = 600_000, pollMs = 200 } = {}): Promise<number> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const body = await fetch(url).then(
      (res) => (res.ok ? res.text() : ""),
      () => "",
    );
    if (body.includes(text)) return (performance.now() - since) / 1000;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} did not show "${text}" within ${limitMs / 1000} s`);
}

const RunsSchema = z.object({
  runs: z.array(z.looseObject({ maxStepSubrequests: z.number().nullish(), maxStepMs: z.number().nullish() })),
});

/** The most subrequests and ms one invocation used across `runs` (fields `maxStepSubrequests`, `maxStepMs`); null when no run reports them. */
export function maxStepLimits(body: unknown): { subrequests: number | null; ms: number | null } {
  const { runs } = RunsSchema.parse(body);
  const most = (values: (number | null | undefined)[]) => {
    const known = values.filter((v): v is number => typeof v === "number");
    return known.length ? Math.max(...known) : null;
  };
  return { subrequests: most(runs.map((r) => r.maxStepSubrequests)), ms: most(runs.map((r) => r.maxStepMs)) };
}

/** Reads the worker's sync history and returns maxStepLimits of every run kept. */
async function stepLimits(admin: AdminClient): Promise<{ subrequests: number | null; ms: number | null }> {
  return maxStepLimits(await admin.call("/api/admin/sync-runs"));
}
