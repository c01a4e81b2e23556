import { describe, expect, it } from "vitest";
import { dataSourceIdFor } from "../../scripts/demo-workspace/ids.ts";
import { confirmSchemaSync, waitForToast } from "./support/admin-helpers";
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
