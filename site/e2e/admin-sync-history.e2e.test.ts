import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { AdminClient } from "../../scripts/lib/admin-client.ts";
import { dataSourceIdFor } from "../../scripts/demo-workspace/ids.ts";
import type { SyncHistoryRun } from "../../worker/data/sync-history";
import { openAdmin, signedInContext, waitForToast } from "./support/admin-helpers";
import { BASE_URL, launch, screenshot, VIEWPORTS } from "./support/browser";
import { seriousAxeViolations } from "./support/site-helpers";
import { ADMIN_PASSWORD, adminClient, buildInfo, holdPublishing, notion, patchNotionPage, releasePublishing, syncTable, waitForPublisherIdle, waitForRebuild, waitForSyncIdle } from "./support/stack";

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

type QueryPage = { id: string; properties: Record<string, { type: string; title?: { plain_text: string }[] }> };
const titleOf = (p: QueryPage) => (Object.values(p.properties).find((v) => v.type === "title")?.title ?? []).map((r) => r.plain_text).join("");
const setTitle = (id: string, title: string) => patchNotionPage(id, { properties: { Title: { title: [{ type: "text", text: { content: title } }] } } });
const history = (page: Page) => page.getByTestId("sync-history");

beforeAll(async () => {
  browser = await launch();
  admin = await adminClient();
  items = (await buildInfo()).items;
  const { results } = (await notion(`/v1/data_sources/${dataSourceIdFor(DATABASE)}/query`, { method: "POST", body: { page_size: 3 } })) as { results: QueryPage[] };
  pages = results.map((p) => ({ id: p.id, title: titleOf(p) }));
  probePath = `/gallery/slots/${pages[0]!.id}`;
});
afterAll(async () => {
  // Put the three pages back as they were, sync the table and let the rebuilt site publish, so later files see the demo.
  await browser?.close();
  if (!admin) return;
  await waitForSyncIdle(admin);
  if (touched) {
    for (const p of pages) await patchNotionPage(p.id, { in_trash: false });
    await syncTable(DATABASE);
  }
  await releasePublishing();
  if (touched) await waitForRebuild(admin, items, probePath);
}, 2 * TEST_TIMEOUT_MS);

describe("Sync history in the Notion Sync tab", () => {
  it("shows a Sync Data run started from the admin panel with the pages it added, changed and removed", async () => {
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
    expect(await page.getByTestId("sync-run").count()).toBe(Math.min(runsBefore + 1, 50));
    expect(await latest.getAttribute("data-outcome")).toBe("Succeeded");
    expect(await latest.getByTestId("run-trigger").textContent()).toBe("Admin panel");
    expect(await latest.getByText(`Table ${TABLE}`, { exact: true }).count()).toBe(1);
    expect(await latest.getByTestId("run-files").textContent()).toMatch(/^\d+$/);
    expect(await latest.getByTestId("run-unsupported").textContent()).toBe("None");

    // The card shows what the API recorded for the run.
    const { runs } = await admin.call<{ runs: SyncHistoryRun[] }>("/api/admin/sync-runs?limit=1");
    expect(runs[0]).toMatchObject({ kind: "table", target: TABLE, trigger: "manual", ok: true, pagesAdded: 1, pagesChanged: 1, pagesRemoved: 1 });
    expect(await latest.getByTestId("run-files").textContent()).toBe(String(runs[0]!.filesCopied));
    const when = await latest.getByTestId("run-when").getAttribute("datetime");
    expect(when).toBe(runs[0]!.startedAt);
    await screenshot(page, "admin-sync-history");
    await context.close();
  }, TEST_TIMEOUT_MS);

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
});
