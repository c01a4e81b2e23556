import { notionFailureText } from "#contract/notion-failures";
import { describe, expect, it } from "vitest";
import type { NotionTable } from "#contract/admin-api";
import { databaseIdFor, dataSourceIdFor } from "../../scripts/notion-server/ids.ts";
import { confirmSchemaSync, schemaSyncDialog, waitForToast } from "./support/admin-helpers";
import { screenshot } from "./support/browser";
import {
  enabledSyncButtons,
  notionTabSuite,
  openNotionTab,
  recordCounts,
  refreshButton,
  schemaButton,
  statusCard,
  tableRow,
} from "./support/notion-tab";
import { seriousAxeViolations } from "./support/site-helpers";
import { clearNotionFaults, injectNotionFault, notionTables } from "./support/stack";

const s = notionTabSuite();

describe("Notion Sync tab", () => {
  it("lists every table with its name, record count, drafts, Notion database title and id; the workspace check finds nothing to fix", async () => {
    const page = await openNotionTab(s.context);
    expect(s.initialTables).toHaveLength(12);
    const shown = await page.getByTestId("notion-table-row").evaluateAll((rows) =>
      rows.map((r) => ({
        tableName: r.querySelector('[data-testid="table-name"]')?.textContent,
        recordCount: Number(r.querySelector('[data-testid="record-count"]')?.textContent),
        databaseTitle: r.querySelector('[data-testid="database-title"]')?.textContent,
        databaseId: r.querySelector('[data-testid="database-id"]')?.textContent,
        drafts: Number(r.querySelector('[data-testid="draft-count"]')?.textContent),
        held: Number(r.querySelector('[data-testid="held-count"]')?.textContent?.replace(/ held$/, "") ?? 0),
        removalHold: null,
      })),
    );
    expect(shown).toEqual(s.initialTables);
    // The demo's one draft, counted where it is; no table holds a removal back.
    expect(shown.filter((t) => t.drafts > 0).map((t) => [t.tableName, t.drafts])).toEqual([["notion_trade_stimulators", 1]]);
    expect(await page.getByTestId("removal-hold").count()).toBe(0);
    for (const table of s.initialTables) {
      expect(table.databaseId).toBe(databaseIdFor(table.databaseTitle));
      expect(table.recordCount).toBeGreaterThan(0);
    }
    expect(shown.find((t) => t.tableName === "notion_slot_machines")).toMatchObject({ databaseTitle: "Slot Machines", recordCount: 15 });
    expect(await enabledSyncButtons(page)).toHaveLength(12);
    expect(await statusCard(page, "last-sync").getAttribute("data-outcome")).toBe("Succeeded");
    expect(await statusCard(page, "last-rebuild").getAttribute("data-outcome")).toBe("Succeeded");
    expect(await page.getByTestId("site-built-at").locator("dd span").first().textContent()).not.toBe("Unknown");
    // The workspace check read the demo workspace through the worker (GET /api/admin/notion-check): nothing to fix.
    const check = page.locator('[data-testid="workspace-check"][data-state="ok"]');
    await check.waitFor();
    expect(await check.locator("p").first().textContent()).toBe(
      "Every database and property the site reads is in Notion, shared with the integration.",
    );
    await screenshot(page, "admin-notion-tables-desktop");
    await page.close();
  });

  it("asks before the schema sync, saying what it drops; Cancel and Escape run nothing and give focus back to the button", async () => {
    const page = await openNotionTab(s.context);
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
    expect(await recordCounts(page)).toEqual(s.initialTables.map((t) => String(t.recordCount)));
    expect(await notionTables(s.admin)).toEqual(s.initialTables);
    await page.close();
  });

  it("disables Sync Data for a table without a databaseId", async () => {
    // The demo Notion server cannot hide one of the catalogue's databases from search (the only way a table
    // loses its id), so the browser is handed the table list with one id missing.
    const page = await s.context.newPage();
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
    const toys = tableRow(page, "notion_vintage_toys");
    expect(await toys.getByTestId("database-id").textContent()).toBe("No database id: not found in Notion");
    expect(await toys.getByRole("button", { name: "Sync Data for Vintage Toys" }).isDisabled()).toBe(true);
    expect(await enabledSyncButtons(page)).toHaveLength(11);
    await screenshot(page, "admin-notion-no-database-id-desktop");
    await page.close();
  });

  it("shows destructive notices when a Notion Sync request fails", async () => {
    const page = await openNotionTab(s.context);
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
    expect(await recordCounts(page)).toEqual(s.initialTables.map((t) => String(t.recordCount)));
    await page.close();
  });

  it("reports a table sync that Notion fails as 'Table Sync Failed', keeps the rows and shows the failed run", async () => {
    const page = await openNotionTab(s.context);
    const rebuildBefore = await statusCard(page, "last-rebuild").textContent();
    const message = "Could not find data source. Make sure the relevant pages and databases are shared with your integration.";
    await injectNotionFault({
      status: 404,
      code: "object_not_found",
      message,
      path: `/v1/data_sources/${dataSourceIdFor("Vintage Toys")}/query`,
    });
    await page.getByRole("button", { name: "Sync Data for Vintage Toys" }).click();
    // The run's recorded words, the same in the toast and the status card: the sync runs after the start's answer (202),
    // so no HTTP status of ours is in them.
    const words = notionFailureText({ status: 404, code: "object_not_found", message }, { database: "Vintage Toys", nextTry: "nightly" });
    expect(await waitForToast(page, "Table Sync Failed")).toEqual({ description: words, variant: "destructive" });
    const lastSync = statusCard(page, "last-sync");
    await expect.poll(() => lastSync.textContent()).toContain(words);
    expect(await lastSync.getAttribute("data-outcome")).toBe("Failed");
    expect(await lastSync.textContent()).toContain("Table sync (notion_vintage_toys)");
    expect(await tableRow(page, "notion_vintage_toys").getByTestId("record-count").textContent()).toBe(
      String(s.initialTables.find((t) => t.tableName === "notion_vintage_toys")!.recordCount),
    );
    expect(await statusCard(page, "last-rebuild").textContent()).toBe(rebuildBefore);
    await screenshot(page, "admin-notion-table-sync-failed-desktop");
    await page.close();
  });

  it("reports a schema sync that Notion fails as 'Schema Sync Failed' and drops nothing", async () => {
    const page = await openNotionTab(s.context);
    // No path: the schema sync's first Notion request fails, whichever it is (the catalogue page's blocks once the page is
    // known, else the search), so the test does not depend on what earlier files let the worker learn.
    await injectNotionFault({ status: 401, code: "unauthorized", message: "API token is invalid." });
    await confirmSchemaSync(page);
    expect(await waitForToast(page, "Schema Sync Failed")).toEqual({
      description: `502: ${JSON.stringify({ error: notionFailureText({ status: 401, code: "unauthorized", message: "API token is invalid." }) })}`,
      variant: "destructive",
    });
    const lastSync = statusCard(page, "last-sync");
    // The table-sync test before this one also leaves a failed run: wait for this run, not just any failure.
    await expect.poll(() => lastSync.textContent()).toContain("Schema sync");
    expect(await lastSync.getAttribute("data-outcome")).toBe("Failed");
    expect(await notionTables(s.admin)).toEqual(s.initialTables);
    await refreshButton(page).click();
    await expect.poll(() => recordCounts(page)).toEqual(s.initialTables.map((t) => String(t.recordCount)));
    await screenshot(page, "admin-notion-schema-sync-failed-desktop");
    await page.close();
    await clearNotionFaults();
  });
});
