import { ADMIN_PATHS } from "#contract/api-paths";
import {
  createExecutionContext,
  createScheduledController,
  env,
  introspectWorkflow,
  waitOnExecutionContext,
  type WorkflowInstanceIntrospector,
} from "cloudflare:test";
import worker from "../index";
import { expect } from "vitest";
import type { NotionTable, NotionTables, SchemaSyncResult } from "#contract/admin-api";
import { runEnded, type SyncRunProgress } from "#contract/sync-runs";
import { tableNameFor } from "../tables/naming";
import { adminFetch } from "./admin";

/** The local Notion server the workerd tests sync from (started by the global setup). */
export const NOTION = env.NOTION_TEST_URL!;

/** The Notion server's request counters (`GET /__control/stats`). */
export type Stats = { requests: number; byPath: Record<string, number>; rateLimited: number; fileDownloads: number };

/** Calls one of the Notion server's test controls (faults, reset, databases, ...); throws on a refusal. */
export async function control(path: string, body?: unknown, method = "POST"): Promise<Response> {
  const res = await fetch(`${NOTION}/__control/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The Notion server's counters right now. */
export const notionStats = async () => (await (await fetch(`${NOTION}/__control/stats`)).json()) as Stats;

/** Requests counted for paths matching `pattern`. */
export const countPaths = (stats: Stats, pattern: RegExp) =>
  Object.entries(stats.byPath).reduce((n, [path, c]) => n + (pattern.test(path) ? c : 0), 0);

/** Runs the schema sync as the admin panel does and expects it to answer 200. */
export async function syncSchemas(): Promise<SchemaSyncResult> {
  const res = await adminFetch(ADMIN_PATHS.syncSchemas, { method: "POST" });
  expect(res.status).toBe(200);
  return res.json();
}

/** The admin panel's table list. */
export async function listTables(): Promise<NotionTable[]> {
  return (await (await adminFetch(ADMIN_PATHS.notionTables)).json<NotionTables>()).tables;
}

/** How a sync started through the admin API went: the start's status and body, and the run once its workflow ended (none when the start was refused). */
export type SyncOutcome = {
  status: number;
  body: { success?: boolean; runId?: number; message?: string; error?: string };
  run: SyncRunProgress | null;
  ok: boolean | null;
  error: string | null;
};

/**
 * Starts a sync run through the admin API (`path`, `body`) and waits until its workflow has ended (its lock freed).
 * Step retries run without their back-off waits and the run's sleeps (Notion's Retry-After) are skipped (the retries
 * and the steps after a sleep still happen); `inspect` reads the ended run's workflow instances before they are let go.
 */
export async function startAndWait(
  path: string,
  body?: unknown,
  ms = 60_000,
  inspect?: (instances: WorkflowInstanceIntrospector[]) => Promise<void>,
): Promise<SyncOutcome> {
  // One introspection at a time: a start made while another is awaited (a 409 test) is refused anyway.
  await using introspector = introspecting ? null : await introspectWorkflow(env.SYNC);
  introspecting = introspector !== null || introspecting;
  try {
    await introspector?.modifyAll(async (m) => {
      await m.disableRetryDelays();
      await m.disableSleeps();
    });
    const outcome = await startAndFollow(path, body, ms);
    if (inspect && introspector) await inspect(await introspector.get());
    return outcome;
  } finally {
    if (introspector) introspecting = false;
  }
}

let introspecting = false;

async function startAndFollow(path: string, body: unknown, ms: number): Promise<SyncOutcome> {
  const res = await adminFetch(path, { method: "POST", body });
  const started = await res.json<SyncOutcome["body"]>();
  if (res.status !== 202 || started.runId === undefined)
    return { status: res.status, body: started, run: null, ok: null, error: started.error ?? started.message ?? null };
  let run: SyncRunProgress | null = null;
  await until(
    async () => {
      run = await (await adminFetch(`/api/admin/sync-runs/${started.runId}`)).json<SyncRunProgress>();
      return runEnded(run);
    },
    `sync run ${started.runId} to end`,
    ms,
  );
  const ended = run as SyncRunProgress | null;
  return { status: res.status, body: started, run: ended, ok: ended?.ok ?? null, error: ended?.error ?? null };
}

/** Syncs the table of the Notion database titled `title` as the admin panel does (Sync Data), waiting for the run to end (`inspect`: see `startAndWait`). */
export async function syncTable(title: string, inspect?: Parameters<typeof startAndWait>[3]): Promise<SyncOutcome> {
  const tableName = tableNameFor(title);
  const table = (await listTables()).find((t) => t.tableName === tableName)!;
  return startAndWait(ADMIN_PATHS.syncTable, { tableName, databaseId: table.databaseId }, undefined, inspect);
}

/** Every row of the table of the Notion database titled `title`, by id. */
export async function rows<T = Record<string, unknown>>(title: string): Promise<T[]> {
  return (await env.DB.prepare(`SELECT * FROM "${tableNameFor(title)}" ORDER BY id`).all<T>()).results;
}

/** Polls `check` every 20 ms until it is true; throws with `what` after `ms`. */
export async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs the nightly cron as Cloudflare would and waits until the full sync run it started has ended and freed the lock. */
export async function runCron(): Promise<void> {
  const latest = async () =>
    (await env.DB.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM sync_runs WHERE kind = 'full'").first<{ id: number }>())!.id;
  const before = await latest();
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "0 4 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  const id = await latest();
  if (id === before) return;
  await until(
    async () =>
      (await env.DB.prepare("SELECT finished_at FROM sync_runs WHERE id = ?1").bind(id).first<{ finished_at: string | null }>())
        ?.finished_at != null,
    "the cron's sync run",
    60_000,
  );
  await until(
    async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM locks").first<{ n: number }>())!.n === 0,
    "the sync lock to be freed",
  );
}

/** Replaces the local Notion server's Vintage Toys database (ids `ids`) with `count` pages, each with its own hosted photo; answers the pages' ids. */
export async function photoToys(ids: { id: string; dataSourceId: string }, count: number): Promise<string[]> {
  const made = await control("databases", {
    ...ids,
    title: "Vintage Toys",
    properties: { Title: { type: "title" }, Number: { type: "number" }, Photos: { type: "files" } },
    pages: Array.from({ length: count }, (_, i) => ({
      properties: { Title: `Toy ${i + 1}`, Number: i + 1, Photos: [{ image: "detail-mechanism.png", name: `toy-${i + 1}.png` }] },
    })),
    replace: true,
  });
  return (await made.json<{ pageIds: string[] }>()).pageIds;
}
