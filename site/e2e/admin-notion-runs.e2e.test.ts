import { describe, expect, it } from "vitest";
import { dataSourceIdFor } from "../../scripts/notion-server/ids.ts";
import { confirmSchemaSync, waitForToast } from "./support/admin-helpers";
import { POLL } from "./support/catalogue-helpers";
import { seriousAxeViolations } from "./support/site-helpers";
import { screenshot } from "./support/browser";
import {
  PROBE_PATH,
  REBUILD_TEST_TIMEOUT_MS,
  delayed,
  enabledSyncButtons,
  notionTabSuite,
  openNotionTab,
  recordCounts,
  refreshButton,
  schemaButton,
  statusCard,
  syncAllButton,
} from "./support/notion-tab";
import { holdPublishing, injectNotionFault, notionTables, releasePublishing, waitForRebuild } from "./support/stack";

const s = notionTabSuite();

describe("Notion Sync tab runs", () => {
  it(
    "syncs one table at a time: while Posts syncs (its progress shown) every other Sync Data, Refresh and the schema sync are disabled",
    async () => {
      const page = await openNotionTab(s.context);
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

      const postsCount = s.initialTables.find((t) => t.tableName === "notion_posts")!.recordCount;
      // The run's progress, read from the worker while the run waits out Notion's 429 on its query.
      const progress = page.getByTestId("sync-progress");
      await expect
        .poll(() => progress.getByTestId("sync-progress-title").textContent(), POLL)
        .toBe("Table notion_posts, started from the admin panel");
      await expect
        .poll(() => progress.getByTestId("sync-progress-counts").textContent(), { timeout: 30_000 })
        .toMatch(new RegExp(`^\\d+ of ${postsCount} pages? read, \\d+ rows? written, \\d+ files? copied$`));
      expect(await page.getByRole("progressbar", { name: "Sync in progress" }).getAttribute("aria-valuemax")).toBe(String(postsCount));
      // Watched for from now: the run may end (its toast shown for 5 s) while the screenshot is taken.
      const toast = waitForToast(page, "Table Sync Successful");
      await screenshot(page, "admin-notion-table-sync-progress-desktop");
      expect(await toast).toEqual({
        description: `Synced ${postsCount} rows into notion_posts`,
        variant: "default",
      });
      await expect.poll(() => progress.count(), POLL).toBe(0);
      await expect.poll(() => enabledSyncButtons(page), POLL).toHaveLength(12);
      // Refresh stays off until the table list the sync's end reloads has arrived.
      await expect.poll(() => refreshButton(page).isEnabled(), POLL).toBe(true);
      expect(await posts.textContent()).toBe("Sync Data");

      const lastSync = statusCard(page, "last-sync");
      await expect.poll(() => lastSync.getAttribute("data-outcome")).toBe("Succeeded");
      expect(await lastSync.textContent()).toContain(`Table sync (notion_posts)`);
      expect(await lastSync.textContent()).toContain(`Synced ${postsCount} rows into notion_posts`);
      // The rebuild request is recorded just after the sync's run ends: a status read in between shows the run, not yet it.
      const lastRebuild = statusCard(page, "last-rebuild");
      await expect.poll(() => lastRebuild.textContent(), POLL).toContain("Site rebuild (table:notion_posts)");
      expect(await lastRebuild.getAttribute("data-outcome")).toBe("Succeeded");
      expect(await lastRebuild.textContent()).toContain("Deploy hook answered 202 Accepted");
      await page.getByTestId("rebuild-pending").waitFor();
      expect(await page.getByTestId("rebuild-pending").textContent()).toBe("A newer build was requested and is on its way.");

      await waitForRebuild(s.admin, s.initialItems, PROBE_PATH);
      // The tab re-reads the status every 10 s: the new build shows up without a reload.
      await page.getByTestId("rebuild-pending").waitFor({ state: "detached", timeout: 15_000 });
      expect(await page.getByTestId("site-built-at").locator("dd span").first().textContent()).not.toBe(builtBefore);
      await screenshot(page, "admin-notion-rebuilt-desktop");
      await page.close();
    },
    REBUILD_TEST_TIMEOUT_MS,
  );

  it(
    "shows a full sync another client started live (progress bar, counts, time), then runs Sync All Tables from the tab, confirmed",
    async () => {
      const page = await openNotionTab(s.context);
      // Two full syncs in a row: a publish in between would reload wrangler dev and cut the second short.
      await holdPublishing();
      const total = s.initialTables.reduce((n, t) => n + t.recordCount, 0);
      // A full sync reads every page of Notion: the rows, and the drafts (the demo's one), which have none.
      const pages = total + s.initialTables.reduce((n, t) => n + t.drafts, 0);
      const progress = page.getByTestId("sync-progress");
      const bar = page.getByRole("progressbar", { name: "Sync in progress" });
      const startButtons = async () =>
        [...(await enabledSyncButtons(page)), ...((await syncAllButton(page).isEnabled()) ? ["Sync All Tables"] : [])].concat(
          (await refreshButton(page).isEnabled()) ? ["Refresh"] : [],
          (await schemaButton(page).isEnabled()) ? ["Sync Notion Schemas"] : [],
        );

      // Started as the launcher or the cron would, through the API. Its 43 Notion requests at 3/s take over 14 s, and
      // Notion keeps one query waiting 6 s more: longer than the tab's 10 s status poll takes to find it.
      await injectNotionFault({ status: 429, times: 1, retryAfter: 6, path: `/v1/data_sources/${dataSourceIdFor("Posts")}/query` });
      const started = await s.admin.call<{ success: boolean; runId: number }>("/api/admin/notion-sync-all?trigger=launcher", {
        method: "POST",
      });
      expect(started.success).toBe(true);
      await expect.poll(() => progress.getAttribute("data-run"), { timeout: 20_000 }).toBe(String(started.runId));
      expect(await progress.getByTestId("sync-progress-title").textContent()).toBe("All tables, started by the launcher (npm start)");
      expect([await bar.getAttribute("aria-valuemin"), await bar.getAttribute("aria-valuemax")]).toEqual(["0", String(pages)]);
      await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await progress.getByTestId("sync-progress-counts").textContent()).toMatch(
        new RegExp(`^\\d+ of ${pages} pages read, \\d+ rows? written, \\d+ files? copied$`),
      );
      await expect
        .poll(() => progress.getByTestId("sync-progress-time").textContent(), POLL)
        .toMatch(/^Elapsed \d+ s · (About (\d+ min )?\d+ s left|Finishing…)$/);
      expect(await startButtons()).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, "admin-notion-full-sync-progress-desktop");
      await progress.waitFor({ state: "detached", timeout: 90_000 });
      await expect.poll(startButtons, POLL).toHaveLength(12 + 3);
      const launched = page.locator('[data-testid="sync-run"][data-kind="full"][data-trigger="launcher"]').first();
      await expect.poll(() => launched.getAttribute("data-outcome"), POLL).toBe("Succeeded");

      // The tab's own full sync: asked first (Cancel starts nothing), then confirmed.
      const starts: string[] = [];
      page.on("request", (request) => request.url().includes("/api/admin/notion-sync-all") && starts.push(request.method()));
      const dialog = page.getByRole("alertdialog", { name: "Sync every table from Notion?" });
      await syncAllButton(page).click();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(starts).toEqual([]);
      await syncAllButton(page).click();
      await dialog.getByRole("button", { name: "Sync All Tables" }).click();
      await expect.poll(() => syncAllButton(page).textContent(), POLL).toContain("Syncing all tables…");
      expect(starts).toEqual(["POST"]);
      await expect
        .poll(() => progress.getByTestId("sync-progress-title").textContent(), POLL)
        .toBe("All tables, started from the admin panel");
      await progress.waitFor({ state: "detached", timeout: 90_000 });
      expect(await waitForToast(page, "Table Sync Successful")).toEqual({
        description: `All tables: Synced 12 of 12 tables, ${total} rows`,
        variant: "default",
      });
      await expect.poll(startButtons, POLL).toHaveLength(12 + 3);
      // Nothing here reads the built site: the rebuild the syncs asked for is built with the next one a test waits for.
      await releasePublishing();
      await page.close();
    },
    // Two full syncs, each paced at Notion's 3 requests a second.
    REBUILD_TEST_TIMEOUT_MS,
  );

  it(
    "runs the schema sync with its button disabled, lists the result per table, then Sync Data on every table restores the data and the site",
    async () => {
      const page = await openNotionTab(s.context);
      // An operator pausing between tables may see a local publish cut a sync short (wrangler dev reloads); the
      // test keeps builds from publishing until every table is back, then waits for the rebuild.
      await holdPublishing();
      await page.route("**/api/admin/notion-sync-schemas", delayed(1_500));
      await confirmSchemaSync(page);
      await expect.poll(async () => (await schemaButton(page).textContent())?.trim()).toBe("Syncing schemas…");
      expect(await schemaButton(page).isDisabled()).toBe(true);
      expect(await enabledSyncButtons(page)).toEqual([]);
      // Watched for from now: the sync may end (its toast shown for 5 s) while the screenshot is taken.
      const toast = waitForToast(page, "Schema Sync Successful");
      await screenshot(page, "admin-notion-schema-syncing-desktop");

      expect(await toast).toEqual({
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
      expect(listed.sort()).toEqual(s.initialTables.map((t) => [t.tableName, "created", "created"]).sort());
      await expect.poll(() => recordCounts(page)).toEqual(s.initialTables.map(() => "0"));
      expect((await notionTables(s.admin)).every((t) => t.recordCount === 0)).toBe(true);
      await screenshot(page, "admin-notion-schema-synced-desktop");

      for (const table of s.initialTables) {
        await page.getByRole("button", { name: `Sync Data for ${table.databaseTitle}` }).click();
        await waitForToast(page, "Table Sync Successful", `Synced ${table.recordCount} rows into ${table.tableName}`);
      }
      await expect.poll(() => recordCounts(page)).toEqual(s.initialTables.map((t) => String(t.recordCount)));
      expect(await notionTables(s.admin)).toEqual(s.initialTables);
      await releasePublishing();
      await waitForRebuild(s.admin, s.initialItems, PROBE_PATH);
      const item = await fetch(new URL(PROBE_PATH, page.url()));
      expect(item.status).toBe(200);
      expect(await item.text()).toContain("Mills Castle Front 5¢");
      await page.close();
    },
    REBUILD_TEST_TIMEOUT_MS,
  );
});
