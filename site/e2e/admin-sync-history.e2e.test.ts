import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import type { AdminClient } from "../../scripts/lib/admin-client.ts";
import { dataSourceIdFor } from "../../scripts/notion-server/ids.ts";
import type { SyncHistoryRun } from "#contract/sync-runs";
import { openAdmin, signedInContext, waitForToast } from "./support/admin-helpers";
import { BASE_URL, launch, screenshot, VIEWPORTS } from "./support/browser";
import { seriousAxeViolations } from "./support/site-helpers";
import {
  ADMIN_PASSWORD,
  adminClient,
  buildInfo,
  clearNotionFaults,
  holdPublishing,
  injectNotionFault,
  notion,
  NOTION_URL,
  patchNotionPage,
  releasePublishing,
  syncTable,
  waitForPublisherIdle,
  waitForRebuild,
  waitForSyncIdle,
} from "./support/stack";

const DATABASE = "Slot Machines";
const TABLE = "notion_slot_machines";
/** Tests that wait for a rebuild: three syncs and a build take minutes on a loaded machine. */
const TEST_TIMEOUT_MS = 180_000;

let browser: Browser;
let admin: AdminClient;
let items: number;
let probePath: string;
/** Pages the test trashed or re-titled: [added back, edited, removed]. */
let pages: { id: string; title: string }[] = [];
let touched = false;
/** The page whose images the lost-file test replaced, with its image properties as they were. */
let lost: { id: string; images: Record<string, unknown> } | undefined;

type FileValue = { type: string; name?: string; file?: { url: string }; external?: { url: string } };
type QueryPage = { id: string; properties: Record<string, { type: string; title?: { plain_text: string }[]; files?: FileValue[] }> };
/** A files property's value as a PATCH re-sends it (a Notion-hosted file by the URL the server issued). */
const filesValue = (files: FileValue[] = []) => ({
  files: files.map((f) =>
    f.type === "file"
      ? { type: "file", file: { url: f.file!.url }, name: f.name }
      : { type: "external", external: f.external, name: f.name },
  ),
});
const titleOf = (p: QueryPage) =>
  (Object.values(p.properties).find((v) => v.type === "title")?.title ?? []).map((r) => r.plain_text).join("");
const setTitle = (id: string, title: string) =>
  patchNotionPage(id, { properties: { Title: { title: [{ type: "text", text: { content: title } }] } } });
const history = (page: Page) => page.getByTestId("sync-history");

beforeAll(async () => {
  browser = await launch();
  admin = await adminClient();
  items = (await buildInfo()).items;
  const { results } = (await notion(`/v1/data_sources/${dataSourceIdFor(DATABASE)}/query`, { method: "POST", body: { page_size: 3 } })) as {
    results: QueryPage[];
  };
  pages = results.map((p) => ({ id: p.id, title: titleOf(p) }));
  probePath = itemPagePath("gallery", { ...pages[0]!, category: "slots" });
});
afterAll(async () => {
  // Put the three pages back as they were, sync the table and let the rebuilt site publish, so later files see the demo.
  await browser?.close();
  if (!admin) return;
  await waitForSyncIdle(admin);
  await clearNotionFaults();
  if (lost) await patchNotionPage(lost.id, { properties: lost.images });
  if (touched) {
    for (const p of pages) await patchNotionPage(p.id, { in_trash: false });
    await syncTable(DATABASE);
  }
  await releasePublishing();
  if (touched) await waitForRebuild(admin, items, probePath);
}, 2 * TEST_TIMEOUT_MS);

describe("Sync history in the Notion Sync tab", () => {
  it(
    "shows a Sync Data run started from the admin panel with the pages it added, changed and removed",
    async () => {
      const [added, edited, removed] = pages;
      expect(pages).toHaveLength(3);
      await waitForPublisherIdle();
      // A published build reloads the worker and would cut a sync short: builds wait until afterAll.
      await holdPublishing();
      touched = true;
      await patchNotionPage(added!.id, { in_trash: true });
      await syncTable(DATABASE);
      await patchNotionPage(added!.id, { in_trash: false });
      await setTitle(edited!.id, edited!.title);
      await patchNotionPage(removed!.id, { in_trash: true });

      const context = await signedInContext(browser);
      const page = await openAdmin(context, "Notion Sync");
      await history(page).waitFor();
      const runsBefore = await page.getByTestId("sync-run").count();
      await page.getByRole("button", { name: `Sync Data for ${DATABASE}` }).click();
      await waitForToast(page, "Table Sync Successful");
      const latest = page.getByTestId("sync-run").first();
      await expect.poll(() => latest.getByTestId("run-pages").textContent(), { timeout: 10_000 }).toBe("1 added, 1 changed, 1 removed");
      // The newest 20, and Show older while the worker keeps more.
      expect(await page.getByTestId("sync-run").count()).toBe(Math.min(runsBefore + 1, 20));
      const kept = (await admin.call<{ runs: SyncHistoryRun[] }>("/api/admin/sync-runs?limit=200")).runs.length;
      const older = page.getByTestId("sync-history-older");
      expect(await older.count()).toBe(kept > 20 ? 1 : 0);
      if (kept > 20) {
        await older.click();
        await expect.poll(() => page.getByTestId("sync-run").count()).toBe(Math.min(kept, 40));
      }
      expect(await latest.getAttribute("data-outcome")).toBe("Succeeded");
      expect(await latest.getByTestId("run-trigger").textContent()).toBe("Admin panel");
      expect(await latest.getByText(`Table ${TABLE}`, { exact: true }).count()).toBe(1);
      expect(await latest.getByTestId("run-files").textContent()).toMatch(/^\d+$/);
      expect(await latest.getByTestId("run-unsupported").textContent()).toBe("None");

      // The card shows what the API recorded for the run.
      const { runs } = await admin.call<{ runs: SyncHistoryRun[] }>("/api/admin/sync-runs?limit=1");
      expect(runs[0]).toMatchObject({
        kind: "table",
        target: TABLE,
        trigger: "manual",
        ok: true,
        pagesAdded: 1,
        pagesChanged: 1,
        pagesRemoved: 1,
      });
      expect(await latest.getByTestId("run-files").textContent()).toBe(String(runs[0]!.filesCopied));
      const when = await latest.getByTestId("run-when").getAttribute("datetime");
      expect(when).toBe(runs[0]!.startedAt);
      await screenshot(page, "admin-sync-history");
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it("is usable at 375 px and axe-clean", async () => {
    // The site's CSP refuses axe-core's injected script, so this context bypasses it (the page's own scripts are the same).
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS.mobile, bypassCSP: true });
    expect((await context.request.post("/api/admin/session", { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
    const page = await openAdmin(context, "Notion Sync");
    await history(page).waitFor();
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Sync history" }) });
    const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "admin-sync-history-mobile");
    await context.close();
  });

  it(
    "lists a file Notion's storage could not hand out, and the item's page shows its category's default image",
    async () => {
      // A Notion-hosted file no sync has copied yet: it lives on a page of a database outside the catalogue.
      const fileId = crypto.randomUUID();
      const holder = await fetch(`${NOTION_URL}/__control/databases`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          title: "Lost Files Holder",
          properties: { Name: { type: "title" }, Photo: { type: "files" } },
          pages: [{ properties: { Name: "holder", Photo: [{ image: "ad-clock.png", id: fileId, name: "lost-photo.png" }] } }],
        }),
      });
      expect(holder.ok).toBe(true);
      const { dataSourceId } = (await holder.json()) as { dataSourceId: string };
      const held = (await notion(`/v1/data_sources/${dataSourceId}/query`, { method: "POST", body: {} })) as { results: QueryPage[] };
      const photo = held.results[0]!.properties.Photo!.files!;
      expect(photo[0]!.file!.url).toContain(`/${fileId}/`);

      // An item given that file as its only image, while the file storage answers 404 for it.
      const { results } = (await notion(`/v1/data_sources/${dataSourceIdFor(DATABASE)}/query`, {
        method: "POST",
        body: { page_size: 5 },
      })) as { results: QueryPage[] };
      const item = results[4]!;
      const images = {
        "Main Image": filesValue(item.properties["Main Image"]!.files),
        "Additional Images": filesValue(item.properties["Additional Images"]!.files),
      };
      // This test's rebuild must publish: the build the first test held back publishes first (a publish reloads the
      // worker, which would cut a sync short, so the sync waits for it).
      await releasePublishing();
      await waitForSyncIdle(admin);
      await waitForPublisherIdle();
      await injectNotionFault({ status: 404, times: 20, path: `/${fileId}/`, code: "object_not_found", message: "gone" });
      lost = { id: item.id, images };
      touched = true;
      await patchNotionPage(item.id, { properties: { "Main Image": filesValue(photo), "Additional Images": filesValue([]) } });

      const context = await signedInContext(browser);
      const page = await openAdmin(context, "Notion Sync");
      await history(page).waitFor();
      await page.getByRole("button", { name: `Sync Data for ${DATABASE}` }).click();
      await waitForToast(page, "Table Sync Successful");
      const run = page.locator(`[data-testid="sync-run"][data-kind="table"]`, { hasText: `Table ${TABLE}` }).first();
      await expect
        .poll(() => run.getByTestId("run-skipped").locator("summary").textContent(), { timeout: 10_000 })
        .toBe("1 file not copied");
      expect(await run.getAttribute("data-outcome")).toBe("Succeeded");
      await run.getByTestId("run-skipped").locator("summary").click();
      expect(await run.getByTestId("skipped-list").locator("li").allTextContents()).toEqual([
        `lost-photo.png in Main Image of “${titleOf(item)}” (${item.id}): Notion's file storage answered HTTP 404`,
      ]);
      const { runs } = await admin.call<{ runs: SyncHistoryRun[] }>("/api/admin/sync-runs?limit=20");
      expect(runs.find((r) => r.kind === "table" && r.target === TABLE)).toMatchObject({
        ok: true,
        skippedTotal: 1,
        skippedFiles: [
          {
            pageId: item.id,
            pageTitle: titleOf(item),
            property: "Main Image",
            file: "lost-photo.png",
            reason: "Notion's file storage answered HTTP 404",
          },
        ],
      });
      await screenshot(page, "admin-sync-history-skipped-file");

      // The table synced, so the site is rebuilt: the item's page shows the slots' default image. The build's item count
      // is the first test's to know (its removed page is back only in afterAll): the build is known by its time.
      const itemPath = itemPagePath("gallery", { id: item.id, category: "slots", title: titleOf(item) });
      await waitForRebuild(admin, null, itemPath, 150_000);
      await page.goto(itemPath);
      const main = page.getByTestId("main-image");
      expect(await main.getAttribute("src")).toBe("/images/defaults/slots.svg");
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
        .toBe(true);
      await screenshot(page, "item-default-image-after-skipped-file");
      await context.close();
    },
    2 * TEST_TIMEOUT_MS,
  );
});
