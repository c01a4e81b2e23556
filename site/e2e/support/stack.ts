/** Server-side state of the stack the browser tests run against: admin API, demo Notion server, syncs and rebuilds. */
import { signIn, type AdminClient } from "../../../scripts/lib/admin-client.ts";
import { waitForSyncIdle as syncIdle } from "../../../scripts/launcher/sync-idle.ts";
import { ADMIN_PATHS } from "#contract/api-paths";
import { SyncStartedSchema, type CacheStats, type NotionTable, type NotionTables } from "#contract/admin-api";
import { NOTION_VERSION } from "#contract/notion";
import { LOCK_TTL_MS } from "#contract/sync-lock";
import type { SyncStatus } from "#contract/sync-runs";
import { followRun, syncTableRun } from "../../../scripts/lib/sync-run.ts";
import { BASE_URL } from "./browser";

/** The stack's admin password (scripts/test-e2e.ts passes it in). */
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? "";
/** The demo Notion server of the stack. */
export const NOTION_URL = process.env.NOTION_URL ?? "";
/** The demo Notion server's integration token. */
export const NOTION_TOKEN = "demo-token";

let admin: Promise<AdminClient> | undefined;

/** A signed-in admin client from Node (one per test file), for setting up and checking server state. */
export function adminClient(): Promise<AdminClient> {
  admin ??= signIn(BASE_URL, ADMIN_PASSWORD);
  return admin;
}

/** Polls `check` (every 250 ms at first, slowing to once a second) until it returns a truthy value; fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  // Quick at first, then at most once a second: a wait for a site build polls for tens of seconds, and each check is a
  // request through wrangler dev (and a build request to the deploy hook), CPU the build itself needs on two cores.
  for (let pause = 250; ; pause = Math.min(1000, pause * 1.5)) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Calls the demo Notion server's API as the integration does. */
export async function notion(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const res = await fetch(`${NOTION_URL}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${NOTION_TOKEN}`, "Notion-Version": NOTION_VERSION, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`Notion ${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** PATCHes a page of the demo Notion workspace (properties and/or `in_trash`). */
export async function patchNotionPage(pageId: string, body: Record<string, unknown>): Promise<void> {
  await notion(`/v1/pages/${pageId}`, { method: "PATCH", body });
}

/** Sets a page's `Title` property in the demo workspace. */
export async function setPageTitle(pageId: string, title: string): Promise<void> {
  await patchNotionPage(pageId, { properties: { Title: { title: [{ type: "text", text: { content: title } }] } } });
}

/** Puts a workspace row back as the demo defines it, edited now (see scripts/notion-server/README.md). */
export async function restoreNotionPage(pageId: string): Promise<void> {
  const res = await fetch(`${NOTION_URL}/__control/restore-page`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: pageId }),
  });
  if (!res.ok) throw new Error(`restoring page ${pageId} failed: ${res.status} ${await res.text()}`);
}

/** Makes the next matching Notion API requests fail (see scripts/notion-server/README.md). */
export async function injectNotionFault(fault: {
  status: number;
  times?: number;
  path?: string;
  code?: string;
  message?: string;
  retryAfter?: number;
}): Promise<void> {
  const res = await fetch(`${NOTION_URL}/__control/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fault),
  });
  if (!res.ok) throw new Error(`fault injection failed: ${res.status} ${await res.text()}`);
}

/**
 * Waits until the demo Notion server has had no request for `quietMs` (at most `timeoutMs`): what an admin page asks of
 * Notion as it opens (the workspace check, the first-run card's connection) is over before a test injects a fault.
 */
export async function waitForNotionQuiet(quietMs = 1500, timeoutMs = 30_000): Promise<void> {
  const requests = async () => ((await (await fetch(`${NOTION_URL}/__control/stats`)).json()) as { requests: number }).requests;
  const deadline = Date.now() + timeoutMs;
  let last = await requests();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`the Notion server was still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await requests();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/** Drops every pending Notion fault. */
export async function clearNotionFaults(): Promise<void> {
  await fetch(`${NOTION_URL}/__control/faults`, { method: "DELETE" });
}

/** The table list the Notion Sync tab shows. */
export async function notionTables(client: AdminClient): Promise<NotionTable[]> {
  return (await client.call<NotionTables>(ADMIN_PATHS.notionTables)).tables;
}

/** The live static build's stamp (`/build-info.json`). */
export async function buildInfo(): Promise<{ builtAt: string; items: number }> {
  const res = await fetch(`${BASE_URL}/build-info.json`, { cache: "no-store" });
  return (await res.json()) as { builtAt: string; items: number };
}

/**
 * Syncs one Notion database into its table through the admin API (starting its run and following it to its end),
 * without waiting for the rebuild it asks for.
 * A sync cut short by a `wrangler dev` reload (503, then 409 while its lock lives) is tried again.
 */
export async function syncTable(databaseTitle: string): Promise<void> {
  const client = await adminClient();
  const table = (await notionTables(client)).find((t) => t.databaseTitle === databaseTitle);
  if (!table?.databaseId) throw new Error(`No synced table for the Notion database "${databaseTitle}"`);
  const deadline = Date.now() + LOCK_TTL_MS + 30_000;
  for (;;) {
    try {
      await syncTableRun(client, table);
      return;
    } catch (error) {
      const transient = /restarted mid-request|: 409: /.test(String(error));
      if (!transient || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/**
 * Confirms, as the operator does in the Tables card, the removal a sync of `databaseTitle` held back (more than half its
 * rows leaving at once), and follows the sync that carries it out; throws when no removal was held.
 */
async function confirmHeldRemoval(databaseTitle: string): Promise<void> {
  const client = await adminClient();
  const table = (await notionTables(client)).find((t) => t.databaseTitle === databaseTitle);
  if (!table?.removalHold) throw new Error(`No removal from "${databaseTitle}" is held back for confirmation`);
  const { runId } = SyncStartedSchema.parse(
    await client.call(ADMIN_PATHS.confirmRemoval, { method: "POST", body: { tableName: table.tableName } }),
  );
  const run = await followRun(client, runId);
  if (run.ok !== true) throw new Error(`The confirmed sync of ${databaseTitle} failed: ${run.error ?? run.message ?? run.status}`);
}

/**
 * Syncs one Notion database (or several, one after another), confirms the removals held back from the tables named in
 * `confirm`, then waits until the rebuild they asked for is live, `live` holds, and the publisher is idle.
 */
export async function syncAndRebuild(
  databaseTitles: string | string[],
  what: string,
  live: () => Promise<boolean>,
  { confirm = [] }: { confirm?: string[] } = {},
): Promise<void> {
  await waitForPublisherIdle();
  const before = (await buildInfo()).builtAt;
  for (const title of [databaseTitles].flat()) await syncTable(title);
  for (const title of confirm) await confirmHeldRemoval(title);
  await until(`the rebuilt site to show ${what}`, async () => (await builtSiteInfo()).builtAt !== before && (await live()), 150_000);
  await waitForPublisherIdle();
}

/**
 * The live build's stamp, after asking the stack's deploy hook to build what syncs requested: it defers their rebuilds
 * until a test waits for the site (scripts/test-e2e.ts). Polled, so a request that arrives meanwhile is built too.
 */
export async function builtSiteInfo(): Promise<{ builtAt: string; items: number }> {
  await hookControl("build");
  return buildInfo();
}

/**
 * Makes the stack's deploy hook build each rebuild request at once, as a host does (`true`: for tests of that path), or
 * only once a test waits for the site (`false`, how the stack starts).
 */
export async function buildOnRequest(on: boolean): Promise<void> {
  await hookControl(on ? "on-request" : "defer");
}

/** Waits until no sync holds the lock (a request the browser sent just before it closed goes on in the worker). */
export async function waitForSyncIdle(client: AdminClient): Promise<void> {
  if (!(await syncIdle(client, { limitMs: 60_000 }))) throw new Error("timed out after 60000 ms waiting for the running sync to finish");
}

/**
 * Waits until the live site is a build started after the last rebuild request (the deploy hook coalesces
 * requests, so this is the build that saw every sync before it) holding `items` catalogue items (any number when null),
 * and `probePath` answers 200, then until the publisher is idle.
 */
export async function waitForRebuild(
  client: AdminClient,
  items: number | null,
  probePath: string,
  timeoutMs = 90_000,
): Promise<{ builtAt: string }> {
  const { lastRebuild } = await client.call<SyncStatus>(ADMIN_PATHS.syncStatus);
  const requestedAt = lastRebuild ? Date.parse(lastRebuild.startedAt) : 0;
  const live = await until(
    "the site rebuild",
    async () => {
      const info = await builtSiteInfo();
      if (Date.parse(info.builtAt) < requestedAt || (items !== null && info.items !== items)) return null;
      const probe = await fetch(`${BASE_URL}${probePath}`);
      await probe.body?.cancel();
      return probe.ok ? info : null;
    },
    timeoutMs,
  );
  await waitForPublisherIdle();
  return live;
}

/** Holds finished builds back from publishing (a publish reloads `wrangler dev`, cutting a sync short) until `releasePublishing`. */
export async function holdPublishing(): Promise<void> {
  await hookControl("hold");
}

/** Lets held builds publish again. */
export async function releasePublishing(): Promise<void> {
  await hookControl("release");
}

async function hookControl(action: "hold" | "release" | "build" | "defer" | "on-request"): Promise<void> {
  const url = process.env.DEPLOY_HOOK_STATUS_URL;
  if (!url) return;
  const res = await fetch(url.replace(/\/status$/, `/${action}`), { method: "POST" });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the local deploy hook refused ${action}: ${res.status}`);
}

/**
 * Waits until the stack's local deploy hook has no build running: every requested rebuild is published and the
 * worker reloaded after it (a sync started before that reload would be cut short by it).
 */
export async function waitForPublisherIdle(timeoutMs = 120_000): Promise<void> {
  const url = process.env.DEPLOY_HOOK_STATUS_URL;
  if (!url) return;
  const deadline = Date.now() + timeoutMs;
  while (((await (await fetch(url)).json()) as { building: boolean }).building) {
    if (Date.now() > deadline) throw new Error(`the local deploy hook was still building after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Turns caching on or off through the admin API (the stack starts with it on); a no-op when it already is. */
export async function setCaching(client: AdminClient, enabled: boolean): Promise<void> {
  const { isCachingEnabled } = await client.call<CacheStats>("/api/admin/cache/stats");
  if (isCachingEnabled !== enabled) await client.call(`/api/admin/cache/${enabled ? "enable" : "disable"}`, { method: "POST" });
}

/**
 * Brings the stack to the sync state it starts in, whatever ran before: no pending Notion faults, publishing released,
 * no sync or build running, and a last sync and rebuild that succeeded (after a failed one, Posts is synced and its
 * rebuild awaited).
 */
export async function settleSyncState(client: AdminClient): Promise<void> {
  await clearNotionFaults();
  await releasePublishing();
  await waitForSyncIdle(client);
  await waitForPublisherIdle();
  const { lastSync, lastRebuild } = await client.call<SyncStatus>("/api/admin/sync-status");
  if (lastSync?.ok && lastRebuild?.ok) return;
  await syncAndRebuild("Posts", "the build after a successful sync", async () => true);
}
