/** The Notion Sync tab's e2e setup and locators, shared by the files that drive it. */
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import type { AdminClient } from "../../../scripts/lib/admin-client.ts";
import { pageIdFor } from "../../../scripts/notion-server/ids.ts";
import type { NotionTable } from "#contract/admin-api";
import { openAdmin, signedInContext } from "./admin-helpers";
import { launch } from "./browser";
import {
  adminClient,
  buildInfo,
  clearNotionFaults,
  notionTables,
  releasePublishing,
  settleSyncState,
  waitForNotionQuiet,
  waitForPublisherIdle,
  waitForRebuild,
  waitForSyncIdle,
} from "./stack";

/** Tests that wait for a rebuild: waitForRebuild allows 90 s, more than the default 60 s a test gets (a build on a loaded machine takes a minute). */
export const REBUILD_TEST_TIMEOUT_MS = 180_000;
/** A prerendered item page that exists only when the catalogue is synced. */
export const PROBE_PATH = `/gallery/slots/${pageIdFor("Slot Machines", "Mills Castle Front 5¢")}`;

/** What a Notion Sync tab file works with, filled in by its `beforeAll`. */
export type NotionTabSuite = {
  browser: Browser;
  context: BrowserContext;
  admin: AdminClient;
  initialTables: NotionTable[];
  initialItems: number;
};

/**
 * Registers the file's hooks: a signed-in browser on a stack whose last sync and rebuild succeeded, and, afterwards,
 * the shared stack left as found (no pending faults, every table synced with its data, the site rebuilt).
 */
export function notionTabSuite(): NotionTabSuite {
  const suite = {} as NotionTabSuite;
  beforeAll(async () => {
    suite.browser = await launch();
    suite.admin = await adminClient();
    suite.context = await signedInContext(suite.browser);
    await settleSyncState(suite.admin);
    suite.initialTables = await notionTables(suite.admin);
    suite.initialItems = (await buildInfo()).items;
  }, 300_000);
  afterAll(async () => {
    // The browser goes first, so no delayed request of a failed test can reach the worker after the check.
    await suite.browser?.close();
    await clearNotionFaults();
    await releasePublishing();
    if (!suite.admin) return;
    await waitForSyncIdle(suite.admin);
    if (JSON.stringify(await notionTables(suite.admin)) !== JSON.stringify(suite.initialTables))
      await suite.admin.call("/api/admin/notion-sync-all", { method: "POST" });
    await waitForRebuild(suite.admin, suite.initialItems, PROBE_PATH);
  }, 2 * REBUILD_TEST_TIMEOUT_MS);
  return suite;
}

/** A table's row in the tab. */
export const tableRow = (page: Page, tableName: string) => page.locator(`[data-testid="notion-table-row"][data-table="${tableName}"]`);
/** Every table's Sync Data button. */
const syncButtons = (page: Page) => page.getByRole("button", { name: /^Sync Data for / });
/** The table list's Refresh button. */
export const refreshButton = (page: Page) => page.getByRole("button", { name: "Refresh", exact: true });
/** The schema sync's button, idle or running. */
export const schemaButton = (page: Page) => page.getByRole("button", { name: /Sync Notion Schemas|Syncing schemas…/ });
/** The Tables card's Sync All Tables button, idle or running. */
export const syncAllButton = (page: Page) => page.getByRole("button", { name: /^(Sync All Tables|Syncing all tables…)$/ });
/** The record counts shown, in the list's order. */
export const recordCounts = (page: Page) => page.getByTestId("record-count").allTextContents();
/** The last sync's or the last rebuild's status card. */
export const statusCard = (page: Page, id: "last-sync" | "last-rebuild") => page.getByTestId(id);

/** Opens the admin's Notion Sync tab once no publish is under way and its status cards have loaded. */
export async function openNotionTab(context: BrowserContext): Promise<Page> {
  await waitForPublisherIdle();
  const page = await openAdmin(context, "Notion Sync");
  await page.getByTestId("notion-tables").waitFor();
  await page.locator('[data-testid="last-sync"][data-outcome]').waitFor();
  // The tab checks the workspace as it opens (a Notion search): a test injecting a Notion fault must not have it taken by that.
  await page.locator('[data-testid="workspace-check"]:is([data-state="ok"], [data-state="problems"], [data-state="error"])').waitFor();
  // The first-run card, while shown, reads the Notion connection as it opens too.
  await waitForNotionQuiet();
  return page;
}

/** Names of the Sync Data buttons that are enabled. */
export async function enabledSyncButtons(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const button of await syncButtons(page).all())
    if (await button.isEnabled()) names.push((await button.getAttribute("aria-label")) ?? "");
  return names;
}

/** Lets the request through after `ms`, so the running state can be observed. */
export const delayed = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};
