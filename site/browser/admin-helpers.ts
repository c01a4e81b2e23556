import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { signIn, type AdminClient } from "../../scripts/lib/admin-client.ts";
import { waitForSyncIdle as syncIdle } from "../../scripts/lib/sync-idle.ts";
import type { SyncStatus } from "../lib/admin-api";
import type { NotionTable } from "../../worker/domain/types";
import { BASE_URL, open, waitForPublisherIdle, type VIEWPORTS } from "./browser";

/** The stack's admin password (scripts/test-browser.ts passes it in). */
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? "";
/** The demo Notion server of the stack. */
export const NOTION_URL = process.env.NOTION_URL ?? "";
/** The demo Notion server's integration token. */
export const NOTION_TOKEN = "demo-token";

/** A signed-in admin client from Node, for setting up and checking server state around the browser steps. */
export function adminClient(): Promise<AdminClient> {
  return signIn(BASE_URL, ADMIN_PASSWORD);
}

/** A context at `viewport` whose cookie jar holds an admin session (signed in through the API). */
export async function signedInContext(browser: Browser, viewport: keyof typeof VIEWPORTS = "desktop"): Promise<BrowserContext> {
  const context = await open(browser, viewport);
  const res = await context.request.post("/api/admin/session", { data: { password: ADMIN_PASSWORD } });
  if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
  return context;
}

/** Opens /admin in a signed-in context and waits for the panel; `tab` picks a tab other than the default. */
export async function openAdmin(context: BrowserContext, tab?: "Page Headers" | "Notion Sync"): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByTestId("admin-panel").waitFor();
  if (tab) await page.getByRole("tab", { name: tab }).click();
  return page;
}

/** The open toast (at most one is shown). */
export const openToast = (page: Page): Locator => page.locator('[data-testid="toast"][data-state="open"]');

/** Waits for the open toast titled `title` (and holding `description`, if given); returns its description and variant. */
export async function waitForToast(page: Page, title: string, description?: string): Promise<{ description: string | null; variant: string | null }> {
  let toast = page.locator('[data-testid="toast"][data-state="open"]', { has: page.getByTestId("toast-title").getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ has: page.getByTestId("toast-description").getByText(description, { exact: true }) });
  await toast.waitFor({ timeout: 20_000 });
  const text = toast.getByTestId("toast-description");
  return { description: (await text.count()) ? await text.textContent() : null, variant: await toast.getAttribute("data-variant") };
}

/** A number shown on a stats card (`cached-items`, `cache-hits`, `cache-misses`; `hit-rate` as text). */
export async function statText(page: Page, id: "cached-items" | "hit-rate" | "cache-hits" | "cache-misses"): Promise<string> {
  return (await page.getByTestId(`stat-${id}`).locator("dd").textContent()) ?? "";
}

/** Calls the demo Notion server's API as the integration does. */
export async function notion(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const res = await fetch(`${NOTION_URL}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${NOTION_TOKEN}`, "Notion-Version": "2025-09-03", "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`Notion ${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Sets a page's `Title` property in the demo workspace. */
export async function setPageTitle(pageId: string, title: string): Promise<void> {
  await notion(`/v1/pages/${pageId}`, { method: "PATCH", body: { properties: { Title: { title: [{ type: "text", text: { content: title } }] } } } });
}

/** Makes the next matching Notion API requests fail (see scripts/notion-server/README.md). */
export async function injectNotionFault(fault: { status: number; times?: number; path?: string; code?: string; message?: string }): Promise<void> {
  const res = await fetch(`${NOTION_URL}/__control/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fault) });
  if (!res.ok) throw new Error(`fault injection failed: ${res.status} ${await res.text()}`);
}

/** Drops every pending Notion fault. */
export async function clearNotionFaults(): Promise<void> {
  await fetch(`${NOTION_URL}/__control/faults`, { method: "DELETE" });
}

/** The table list the Notion Sync tab shows. */
export async function notionTables(admin: AdminClient): Promise<NotionTable[]> {
  return (await admin.call<{ tables: NotionTable[] }>("/api/admin/notion-tables")).tables;
}

/** The site's build stamp. */
export async function buildInfo(): Promise<{ builtAt: string; items: number }> {
  const res = await fetch(`${BASE_URL}/build-info.json`, { cache: "no-store" });
  return (await res.json()) as { builtAt: string; items: number };
}

/** Polls `check` every 250 ms until it returns a truthy value; fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until no sync holds the lock (a request the browser sent just before it closed goes on in the worker). */
export async function waitForSyncIdle(admin: AdminClient): Promise<void> {
  if (!(await syncIdle(admin, { limitMs: 60_000 }))) throw new Error("timed out after 60000 ms waiting for the running sync to finish");
}

/**
 * Waits until the live site is a build started after the last rebuild request (the deploy hook coalesces
 * requests, so this is the build that saw every sync before it) holding `items` catalogue items, and
 * `probePath` answers 200 (the build is copied over the live folder file by file).
 */
export async function waitForRebuild(admin: AdminClient, items: number, probePath: string, timeoutMs = 90_000): Promise<{ builtAt: string }> {
  const { lastRebuild } = await admin.call<SyncStatus>("/api/admin/sync-status");
  const requestedAt = lastRebuild ? Date.parse(lastRebuild.startedAt) : 0;
  const live = await until(
    "the site rebuild",
    async () => {
      const info = await buildInfo();
      if (Date.parse(info.builtAt) < requestedAt || info.items !== items) return null;
      const probe = await fetch(`${BASE_URL}${probePath}`);
      await probe.body?.cancel();
      return probe.ok ? info : null;
    },
    timeoutMs,
  );
  await waitForPublisherIdle();
  return live;
}
