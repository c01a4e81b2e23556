import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { confirmSchemaSync, openAdmin, openToast, signedInContext, waitForToast } from "./support/admin-helpers";
import { launch, screenshot } from "./support/browser";
import { adminClient, setCaching } from "./support/stack";

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launch();
  // The failed-toggle toast starts from caching on, as the stack starts.
  await setCaching(await adminClient(), true);
  context = await signedInContext(browser);
});
afterAll(async () => {
  await browser?.close();
});

const anyToast = (page: Page) => page.getByTestId("toast");

/** Shows the real 'Cache cleared successfully' toast (default variant). */
async function clearCaches(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Clear All Caches" }).click();
  await waitForToast(page, "Cache cleared successfully");
}

/** Shows 'Failed to clear cache' (destructive) by failing the request in the browser. */
async function failClear(page: Page): Promise<void> {
  await page.route("**/api/admin/cache/clear", (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "KV namespace unavailable" }),
  );
  await page.getByRole("button", { name: "Clear All Caches" }).click();
  await waitForToast(page, "Failed to clear cache");
  await page.unroute("**/api/admin/cache/clear");
}

const background = (page: Page) => openToast(page).evaluate((el) => getComputedStyle(el).backgroundColor);

describe("toasts", () => {
  it("come in the default, destructive and amber variants, one at a time, at most 420 px wide", async () => {
    const page = await openAdmin(context);
    await page.mouse.move(0, 0);
    await clearCaches(page);
    expect(await openToast(page).getAttribute("data-variant")).toBe("default");
    const defaultColour = await background(page);
    await screenshot(page, "admin-toast-default-desktop");

    await failClear(page);
    expect(await anyToast(page).count()).toBe(1);
    expect(await openToast(page).getAttribute("data-variant")).toBe("destructive");
    const destructiveColour = await background(page);
    await screenshot(page, "admin-toast-destructive-desktop");

    // The demo workspace always holds every database, so the real schema sync cannot end half-done:
    // the browser is handed a partial result instead (and no table is dropped).
    await page.getByRole("tab", { name: "Notion Sync" }).click();
    await page.route("**/api/admin/notion-sync-schemas", (route) =>
      route.fulfill({
        json: {
          success: false,
          message: "Created 1 of 2 tables; 1 databases were not found in Notion",
          tables: [
            { tableName: "notion_slot_machines", status: "created" },
            {
              tableName: "notion_vintage_toys",
              status: "error",
              error: 'No database titled "Vintage Toys" found in Notion: is it shared with the integration?',
            },
          ],
        },
      }),
    );
    await confirmSchemaSync(page);
    expect(await waitForToast(page, "Schema Sync Completed with Errors")).toEqual({
      description: "Created 1 of 2 tables; 1 databases were not found in Notion",
      variant: "amber",
    });
    expect(await anyToast(page).count()).toBe(1);
    const amberColour = await background(page);
    const result = page.getByTestId("schema-sync-table");
    expect(await result.evaluateAll((items) => items.map((li) => [li.getAttribute("data-status"), li.textContent]))).toEqual([
      ["created", "notion_slot_machinescreated"],
      ["error", 'notion_vintage_toyserrorNo database titled "Vintage Toys" found in Notion: is it shared with the integration?'],
    ]);
    await screenshot(page, "admin-toast-amber-desktop");
    await page.unroute("**/api/admin/notion-sync-schemas");

    expect(new Set([defaultColour, destructiveColour, amberColour]).size).toBe(3);
    const box = await openToast(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(420);
    await page.close();
  });

  it("say 'An unknown error occurred' when a request fails without a message", async () => {
    const page = await context.newPage();
    // A rejection that is not an Error (as fetch wrappers and extensions can produce) carries no message.
    await page.addInitScript(() => {
      const realFetch = window.fetch.bind(window);
      const failing = window as unknown as { failingPath?: string };
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        return failing.failingPath && new URL(url, location.href).pathname === failing.failingPath
          ? Promise.reject(new Event("error"))
          : realFetch(input, init);
      };
    });
    const failNext = (path: string) => page.evaluate((p) => ((window as unknown as { failingPath?: string }).failingPath = p), path);
    const unknown = { description: "An unknown error occurred", variant: "destructive" };
    await page.goto("/admin");
    await page.getByTestId("admin-panel").waitFor();
    await expect.poll(() => page.getByRole("switch").getAttribute("aria-checked")).toBe("true");

    await failNext("/api/admin/cache/clear");
    await page.getByRole("button", { name: "Clear All Caches" }).click();
    expect(await waitForToast(page, "Failed to clear cache")).toEqual(unknown);
    await screenshot(page, "admin-toast-unknown-error-desktop");
    await failNext("/api/admin/cache/disable");
    await page.getByRole("switch").click();
    expect(await waitForToast(page, "Failed to toggle caching")).toEqual(unknown);

    await page.getByRole("tab", { name: "Notion Sync" }).click();
    await page.getByTestId("notion-tables").waitFor();
    await failNext("/api/admin/notion-tables");
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    expect(await waitForToast(page, "Failed to fetch notion tables")).toEqual(unknown);
    await failNext("/api/admin/notion-sync-table");
    await page.getByRole("button", { name: "Sync Data for Vintage Toys" }).click();
    expect(await waitForToast(page, "Failed to sync table data")).toEqual(unknown);
    // Should the page's fetch ever get through, the schema sync must still not drop the shared stack's tables.
    await page.route("**/api/admin/notion-sync-schemas", (route) => route.abort());
    await failNext("/api/admin/notion-sync-schemas");
    await confirmSchemaSync(page);
    expect(await waitForToast(page, "Failed to sync Notion schemas")).toEqual(unknown);
    await page.close();
  });

  it("close themselves after 5 seconds", async () => {
    const page = await openAdmin(context);
    await page.mouse.move(0, 0);
    // Timed inside the page, so Playwright's polling does not blur the measurement.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver(() => {
        const present = document.querySelector('[data-testid="toast"][data-state="open"]') !== null;
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined && times.gone === undefined) times.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.getByRole("button", { name: "Clear All Caches" }).click();
    await openToast(page).waitFor();
    await anyToast(page).waitFor({ state: "detached", timeout: 8_000 });
    const times = await page.evaluate(() => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes);
    const seconds = (times.gone - times.shown) / 1000;
    console.log(`toast: closed itself after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeGreaterThan(4.8);
    expect(seconds).toBeLessThan(5.5);
    await page.close();
  });

  it("close with the close button", async () => {
    const page = await openAdmin(context);
    await clearCaches(page);
    await openToast(page).getByRole("button", { name: "Close notification" }).click();
    await anyToast(page).waitFor({ state: "detached", timeout: 1_000 });
    await page.close();
  });

  it("are dismissed by a swipe right past 50 px and stay after a shorter one", async () => {
    const page = await openAdmin(context);
    await clearCaches(page);
    const drag = async (dx: number) => {
      const box = (await openToast(page).boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 40 + (dx * step) / 10, y);
      await page.mouse.up();
    };
    await drag(30);
    await expect.poll(() => openToast(page).getAttribute("data-swipe")).toBe("cancel");
    expect(await openToast(page).isVisible()).toBe(true);
    await drag(90);
    await anyToast(page).waitFor({ state: "detached", timeout: 2_000 });
    await page.close();
  });

  it("F8 moves focus to the notification region", async () => {
    const page = await openAdmin(context);
    await clearCaches(page);
    await page.getByRole("button", { name: "Refresh Stats" }).focus();
    await page.keyboard.press("F8");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label") ?? null))
      .toBe("Notifications (F8)");
    expect(await page.evaluate(() => document.activeElement?.contains(document.querySelector('[data-testid="toast"]')))).toBe(true);
    await screenshot(page, "admin-toast-f8-desktop");
    await page.close();
  });
});
