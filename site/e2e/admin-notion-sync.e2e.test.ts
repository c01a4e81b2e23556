import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import type { AdminClient } from "../../scripts/lib/admin-client.ts";
import { databaseIdFor, dataSourceIdFor, pageIdFor } from "../../scripts/demo-workspace/ids.ts";
import type { NotionTable } from "#contract/admin-api";
import { confirmSchemaSync, openAdmin, schemaSyncDialog, signedInContext, waitForToast } from "./support/admin-helpers";
import { launch, screenshot } from "./support/browser";
import { seriousAxeViolations } from "./support/site-helpers";
import {
  adminClient,
  buildInfo,
  clearNotionFaults,
  holdPublishing,
  injectNotionFault,
  notionTables,
  releasePublishing,
  settleSyncState,
  waitForPublisherIdle,
  waitForRebuild,
  waitForSyncIdle,
} from "./support/stack";

let browser: Browser;
let context: BrowserContext;
let admin: AdminClient;
let initialTables: NotionTable[];
let initialItems: number;
/** Tests that wait for a rebuild: waitForRebuild allows 90 s, more than the default 60 s a test gets (a build on a loaded machine takes a minute). */
const REBUILD_TEST_TIMEOUT_MS = 180_000;
/** A prerendered item page that exists only when the catalogue is synced. */
const PROBE_PATH = `/gallery/slots/${pageIdFor("Slot Machines", "Mills Castle Front 5¢")}`;

beforeAll(async () => {
  browser = await launch();
  admin = await adminClient();
  context = await signedInContext(browser);
  // The first test expects a stack whose last sync and rebuild succeeded, whatever file ran before.
  await settleSyncState(admin);
  initialTables = await notionTables(admin);
  initialItems = (await buildInfo()).items;
}, 300_000);
afterAll(async () => {
  // Leave the shared stack as found: no pending faults, every table synced with its data, the site rebuilt.
  // The browser goes first, so no delayed request of a failed test can reach the worker after the check.
  await browser?.close();
  await clearNotionFaults();
  await releasePublishing();
  if (!admin) return;
  await waitForSyncIdle(admin);
  if (JSON.stringify(await notionTables(admin)) !== JSON.stringify(initialTables))
    await admin.call("/api/admin/notion-sync-all", { method: "POST" });
  await waitForRebuild(admin, initialItems, PROBE_PATH);
}, 2 * REBUILD_TEST_TIMEOUT_MS);

const row = (page: Page, tableName: string) => page.locator(`[data-testid="notion-table-row"][data-table="${tableName}"]`);
const syncButtons = (page: Page) => page.getByRole("button", { name: /^Sync Data for / });
const refreshButton = (page: Page) => page.getByRole("button", { name: "Refresh", exact: true });
const schemaButton = (page: Page) => page.getByRole("button", { name: /Sync Notion Schemas|Syncing schemas…/ });
const recordCounts = (page: Page) => page.getByTestId("record-count").allTextContents();
const statusCard = (page: Page, id: "last-sync" | "last-rebuild") => page.getByTestId(id);

async function openNotionTab(): Promise<Page> {
  await waitForPublisherIdle();
  const page = await openAdmin(context, "Notion Sync");
  await page.getByTestId("notion-tables").waitFor();
  await page.locator('[data-testid="last-sync"][data-outcome]').waitFor();
  return page;
}

/** Names of the Sync Data buttons that are enabled. */
async function enabledSyncButtons(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const button of await syncButtons(page).all())
    if (await button.isEnabled()) names.push((await button.getAttribute("aria-label")) ?? "");
  return names;
}

/** Lets the request through after `ms`, so the running state can be observed. */
const delayed = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

describe("Notion Sync tab", () => {
  it("lists every table with its name, record count, Notion database title and id", async () => {
    const page = await openNotionTab();
    expect(initialTables).toHaveLength(12);
    const shown = await page.getByTestId("notion-table-row").evaluateAll((rows) =>
      rows.map((r) => ({
        tableName: r.querySelector('[data-testid="table-name"]')?.textContent,
        recordCount: Number(r.querySelector('[data-testid="record-count"]')?.textContent),
        databaseTitle: r.querySelector('[data-testid="database-title"]')?.textContent,
        databaseId: r.querySelector('[data-testid="database-id"]')?.textContent,
      })),
    );
    expect(shown).toEqual(initialTables);
    for (const table of initialTables) {
      expect(table.databaseId).toBe(databaseIdFor(table.databaseTitle));
      expect(table.recordCount).toBeGreaterThan(0);
    }
    expect(shown.find((t) => t.tableName === "notion_slot_machines")).toMatchObject({ databaseTitle: "Slot Machines", recordCount: 15 });
    expect(await enabledSyncButtons(page)).toHaveLength(12);
    expect(await statusCard(page, "last-sync").getAttribute("data-outcome")).toBe("Succeeded");
    expect(await statusCard(page, "last-rebuild").getAttribute("data-outcome")).toBe("Succeeded");
    expect(await page.getByTestId("site-built-at").locator("dd span").first().textContent()).not.toBe("Unknown");
    await screenshot(page, "admin-notion-tables-desktop");
    await page.close();
  });

  it("asks before the schema sync, saying what it drops; Cancel and Escape run nothing and give focus back to the button", async () => {
    const page = await openNotionTab();
    const schemaRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/admin/notion-sync-schemas")) schemaRequests.push(request.method());
    });
    const dialog = schemaSyncDialog(page);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
    const buttonFocused = () => schemaButton(page).evaluate((button) => button === document.activeElement);

    await schemaButton(page).click();
    await dialog.waitFor();
    expect(await dialog.locator("p").allTextContents()).toEqual([
      "Every notion_* table is dropped and recreated empty from the Notion databases’ properties, and the site is rebuilt.",
      "The public site shows no items until each table’s Sync Data has run.",
      "Afterwards, press Sync Data on each table in the list below to bring its items back.",
    ]);
    expect(await dialog.getByRole("button").allTextContents()).toEqual(["Cancel", "Drop and recreate tables"]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "admin-notion-schema-confirm-desktop");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await buttonFocused()).toBe(true);

    // Keyboard only: Enter opens it with focus on Cancel, Tab stays inside, Escape closes it.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    expect(await focusedText()).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await focusedText()).toBe("Drop and recreate tables");
    await page.keyboard.press("Tab");
    expect(await focusedText()).toBe("Cancel");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await buttonFocused()).toBe(true);

    expect(schemaRequests).toEqual([]);
    expect(await page.getByTestId("schema-sync-result").count()).toBe(0);
    expect(await schemaButton(page).isEnabled()).toBe(true);
    expect(await recordCounts(page)).toEqual(initialTables.map((t) => String(t.recordCount)));
    expect(await notionTables(admin)).toEqual(initialTables);
    await page.close();
  });

  it("disables Sync Data for a table without a databaseId", async () => {
    // The demo Notion server cannot hide one of the catalogue's databases from search (the only way a table
    // loses its id), so the browser is handed the table list with one id missing.
    const page = await context.newPage();
    await page.route("**/api/admin/notion-tables", async (route) => {
      const response = await route.fetch();
      const { tables } = (await response.json()) as { tables: NotionTable[] };
      await route.fulfill({
        response,
        json: { tables: tables.map((t) => (t.tableName === "notion_vintage_toys" ? { ...t, databaseId: null } : t)) },
      });
    });
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Notion Sync" }).click();
    await page.getByTestId("notion-tables").waitFor();
    const toys = row(page, "notion_vintage_toys");
    expect(await toys.getByTestId("database-id").textContent()).toBe("No database id: not found in Notion");
    expect(await toys.getByRole("button", { name: "Sync Data for Vintage Toys" }).isDisabled()).toBe(true);
    expect(await enabledSyncButtons(page)).toHaveLength(11);
    await screenshot(page, "admin-notion-no-database-id-desktop");
    await page.close();
  });

  it("shows destructive notices when a Notion Sync request fails", async () => {
    const page = await openNotionTab();
    await page.route("**/api/admin/notion-tables", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }),
    );
    await refreshButton(page).click();
    expect(await waitForToast(page, "Failed to fetch notion tables")).toEqual({
      description: '500: {"error":"Internal server error"}',
      variant: "destructive",
    });
    await page.unroute("**/api/admin/notion-tables");

    await page.route("**/api/admin/notion-sync-table", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Worker exceeded CPU time" }),
    );
    await page.getByRole("button", { name: "Sync Data for Vintage Toys" }).click();
    expect(await waitForToast(page, "Failed to sync table data")).toEqual({
      description: "500: Worker exceeded CPU time",
      variant: "destructive",
    });

    await page.route("**/api/admin/notion-sync-schemas", (route) => route.fulfill({ status: 500, body: "" }));
    await confirmSchemaSync(page);
    expect(await waitForToast(page, "Failed to sync Notion schemas")).toEqual({
      description: "500: Internal Server Error",
      variant: "destructive",
    });
    expect(await recordCounts(page)).toEqual(initialTables.map((t) => String(t.recordCount)));
    await page.close();
  });

  it("reports a table sync that Notion fails as 'Table Sync Failed', keeps the rows and shows the failed run", async () => {
    const page = await openNotionTab();
    const rebuildBefore = await statusCard(page, "last-rebuild").textContent();
    const message = "Could not find data source. Make sure the relevant pages and databases are shared with your integration.";
    await injectNotionFault({
      status: 404,
      code: "object_not_found",
      message,
      path: `/v1/data_sources/${dataSourceIdFor("Vintage Toys")}/query`,
    });
    await page.getByRole("button", { name: "Sync Data for Vintage Toys" }).click();
    // The run's recorded error: the sync runs after the start's answer (202), so no HTTP status is in it.
    expect(await waitForToast(page, "Table Sync Failed")).toEqual({ description: `Notion: ${message}`, variant: "destructive" });
    const lastSync = statusCard(page, "last-sync");
    await expect.poll(() => lastSync.textContent()).toContain(message);
    expect(await lastSync.getAttribute("data-outcome")).toBe("Failed");
    expect(await lastSync.textContent()).toContain("Table sync (notion_vintage_toys)");
    expect(await row(page, "notion_vintage_toys").getByTestId("record-count").textContent()).toBe(
      String(initialTables.find((t) => t.tableName === "notion_vintage_toys")!.recordCount),
    );
    expect(await statusCard(page, "last-rebuild").textContent()).toBe(rebuildBefore);
    await screenshot(page, "admin-notion-table-sync-failed-desktop");
    await page.close();
  });

  it("reports a schema sync that Notion fails as 'Schema Sync Failed' and drops nothing", async () => {
    const page = await openNotionTab();
    await injectNotionFault({ status: 401, code: "unauthorized", message: "API token is invalid.", path: "/v1/search" });
    await confirmSchemaSync(page);
    expect(await waitForToast(page, "Schema Sync Failed")).toEqual({
      description: '502: {"error":"Notion: API token is invalid."}',
      variant: "destructive",
    });
    const lastSync = statusCard(page, "last-sync");
    // The table-sync test before this one also leaves a failed run: wait for this run, not just any failure.
    await expect.poll(() => lastSync.textContent()).toContain("Schema sync");
    expect(await lastSync.getAttribute("data-outcome")).toBe("Failed");
    expect(await notionTables(admin)).toEqual(initialTables);
    await refreshButton(page).click();
    await expect.poll(() => recordCounts(page)).toEqual(initialTables.map((t) => String(t.recordCount)));
    await screenshot(page, "admin-notion-schema-sync-failed-desktop");
    await page.close();
  });

  it(
    "syncs one table at a time: while Posts syncs (its progress shown) every other Sync Data, Refresh and the schema sync are disabled",
    async () => {
      const page = await openNotionTab();
      const builtBefore = await page.getByTestId("site-built-at").locator("dd span").first().textContent();
      await page.route("**/api/admin/notion-sync-table", delayed(1_000));
      await injectNotionFault({ status: 429, times: 1, retryAfter: 4, path: `/v1/data_sources/${dataSourceIdFor("Posts")}/query` });
      const posts = page.getByRole("button", { name: "Sync Data for Posts" });
      await posts.click();
      await expect.poll(() => posts.textContent()).toBe("Syncing…");
      expect(await posts.isDisabled()).toBe(true);
      expect(await enabledSyncButtons(page)).toEqual([]);
      expect(await refreshButton(page).isDisabled()).toBe(true);
      expect(await schemaButton(page).isDisabled()).toBe(true);
      await screenshot(page, "admin-notion-table-syncing-desktop");

      const postsCount = initialTables.find((t) => t.tableName === "notion_posts")!.recordCount;
      // The run's progress, read from the worker while the run waits out Notion's 429 on its query.
      const progress = page.getByTestId("sync-progress");
      await expect
        .poll(() => progress.textContent(), { timeout: 30_000 })
        .toMatch(/^Syncing notion_posts: \d+ pages read, \d+ rows written, \d+ files copied$/);
      expect(await progress.getAttribute("role")).toBe("status");
      await screenshot(page, "admin-notion-table-sync-progress-desktop");
      expect(await waitForToast(page, "Table Sync Successful")).toEqual({
        description: `Synced ${postsCount} rows into notion_posts`,
        variant: "default",
      });
      await expect.poll(() => progress.count()).toBe(0);
      await expect.poll(() => enabledSyncButtons(page)).toHaveLength(12);
      // Refresh stays off until the table list the sync's end reloads has arrived.
      await expect.poll(() => refreshButton(page).isEnabled()).toBe(true);
      expect(await posts.textContent()).toBe("Sync Data");

      const lastSync = statusCard(page, "last-sync");
      await expect.poll(() => lastSync.getAttribute("data-outcome")).toBe("Succeeded");
      expect(await lastSync.textContent()).toContain(`Table sync (notion_posts)`);
      expect(await lastSync.textContent()).toContain(`Synced ${postsCount} rows into notion_posts`);
      const lastRebuild = statusCard(page, "last-rebuild");
      expect(await lastRebuild.getAttribute("data-outcome")).toBe("Succeeded");
      expect(await lastRebuild.textContent()).toContain("Site rebuild (table:notion_posts)");
      expect(await lastRebuild.textContent()).toContain("Deploy hook answered 202 Accepted");
      await page.getByTestId("rebuild-pending").waitFor();
      expect(await page.getByTestId("rebuild-pending").textContent()).toBe("A newer build was requested and is on its way.");

      await waitForRebuild(admin, initialItems, PROBE_PATH);
      // The tab re-reads the status every 10 s: the new build shows up without a reload.
      await page.getByTestId("rebuild-pending").waitFor({ state: "detached", timeout: 15_000 });
      expect(await page.getByTestId("site-built-at").locator("dd span").first().textContent()).not.toBe(builtBefore);
      await screenshot(page, "admin-notion-rebuilt-desktop");
      await page.close();
    },
    REBUILD_TEST_TIMEOUT_MS,
  );

  it(
    "runs the schema sync with its button disabled, lists the result per table, then Sync Data on every table restores the data and the site",
    async () => {
      const page = await openNotionTab();
      // An operator pausing between tables may see a local publish cut a sync short (wrangler dev reloads); the
      // test keeps builds from publishing until every table is back, then waits for the rebuild.
      await holdPublishing();
      await page.route("**/api/admin/notion-sync-schemas", delayed(1_500));
      await confirmSchemaSync(page);
      await expect.poll(async () => (await schemaButton(page).textContent())?.trim()).toBe("Syncing schemas…");
      expect(await schemaButton(page).isDisabled()).toBe(true);
      expect(await enabledSyncButtons(page)).toEqual([]);
      await screenshot(page, "admin-notion-schema-syncing-desktop");

      expect(await waitForToast(page, "Schema Sync Successful")).toEqual({
        description: "Created 12 tables from the Notion schemas",
        variant: "default",
      });
      expect(await schemaButton(page).isEnabled()).toBe(true);
      const result = page.getByTestId("schema-sync-result");
      expect(await result.locator("p").first().textContent()).toBe("Created 12 tables from the Notion schemas");
      const listed = await result
        .getByTestId("schema-sync-table")
        .evaluateAll((items) =>
          items.map((li) => [li.querySelector("code")?.textContent, li.getAttribute("data-status"), li.querySelector("span")?.textContent]),
        );
      // Listed in the workspace contract's order, which is not the table list's alphabetical one.
      expect(listed.sort()).toEqual(initialTables.map((t) => [t.tableName, "created", "created"]).sort());
      await expect.poll(() => recordCounts(page)).toEqual(initialTables.map(() => "0"));
      expect((await notionTables(admin)).every((t) => t.recordCount === 0)).toBe(true);
      await screenshot(page, "admin-notion-schema-synced-desktop");

      for (const table of initialTables) {
        await page.getByRole("button", { name: `Sync Data for ${table.databaseTitle}` }).click();
        await waitForToast(page, "Table Sync Successful", `Synced ${table.recordCount} rows into ${table.tableName}`);
      }
      await expect.poll(() => recordCounts(page)).toEqual(initialTables.map((t) => String(t.recordCount)));
      expect(await notionTables(admin)).toEqual(initialTables);
      await releasePublishing();
      await waitForRebuild(admin, initialItems, PROBE_PATH);
      const item = await fetch(new URL(PROBE_PATH, page.url()));
      expect(item.status).toBe(200);
      expect(await item.text()).toContain("Mills Castle Front 5¢");
      await page.close();
    },
    REBUILD_TEST_TIMEOUT_MS,
  );
});
