import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import type { AdminClient } from "../../scripts/lib/admin-client.ts";
import type { CacheStats } from "#contract/admin-api";
import { openAdmin, openToast, signedInContext, statText, waitForToast } from "./support/admin-helpers";
import { BASE_URL, launch, screenshot } from "./support/browser";
import { adminClient, setCaching } from "./support/stack";

let browser: Browser;
let context: BrowserContext;
let admin: AdminClient;
beforeAll(async () => {
  browser = await launch();
  admin = await adminClient();
  // The switch's tests start from caching on, as the stack starts, whatever ran before.
  await setCaching(admin, true);
  context = await signedInContext(browser);
});
afterAll(async () => {
  // Caching back on, as the stack starts, whatever happened here.
  if (admin) await setCaching(admin, true);
  await browser?.close();
});

const STATS_PATH = "/api/admin/cache/stats";
const cachingSwitch = (page: Page) => page.getByRole("switch");
const stats = () => admin.call<CacheStats>(STATS_PATH);

/** Requests `path` from the public API as a visitor would and returns its X-Cache header. */
async function visit(path: string): Promise<string | null> {
  const res = await fetch(`${BASE_URL}${path}`);
  await res.body?.cancel();
  expect(res.status).toBe(200);
  return res.headers.get("x-cache");
}

/** Lets the request through after `ms`, so the page's pending state can be observed. */
const delayed = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

async function cards(page: Page) {
  return {
    items: await statText(page, "cached-items"),
    rate: await statText(page, "hit-rate"),
    hits: await statText(page, "cache-hits"),
    misses: await statText(page, "cache-misses"),
  };
}

describe("Cache Management tab", () => {
  it("is the default tab: switch, four stats cards, three buttons, the rate-limit warning and the cache-types documentation", async () => {
    const page = await openAdmin(context);
    expect(await page.getByRole("tab", { name: "Cache Management" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => cachingSwitch(page).getAttribute("aria-checked")).toBe("true");
    expect(await page.locator('label[for="caching-switch"]').textContent()).toBe("Caching enabled");
    for (const label of ["Cached Items", "Cache Hit Rate", "Cache Hits", "Cache Misses"]) {
      expect(await page.locator("dt", { hasText: label }).count(), label).toBe(1);
    }
    for (const name of ["Refresh Stats", "Clear Browser Cache & Reload", "Clear All Caches"]) {
      expect(await page.getByRole("button", { name }).isEnabled(), name).toBe(true);
    }
    const warning = page.getByTestId("rate-limit-warning");
    expect(await warning.getByText("Rate limits").isVisible()).toBe(true);
    expect(await warning.textContent()).toContain("The Notion API allows about three requests per second");
    const docs = page.getByTestId("cache-types");
    expect(await docs.getByRole("heading", { name: "Cache types" }).isVisible()).toBe(true);
    expect(await docs.textContent()).toContain("Every API answer is cached for 6 hours (21,600 seconds).");
    const types = await docs.locator("tbody th").allTextContents();
    expect(types).toEqual([
      "Content",
      "Section",
      "Databases",
      "Items (slots and other categories)",
      "Featured (for sale)",
      "Images",
      "Search",
    ]);
    expect(await docs.locator("tbody td code").first().textContent()).toBe("cache:content:{key}");
    expect(await docs.locator("tbody tr td:last-child").allTextContents()).toEqual(Array(7).fill("6 h"));
    await screenshot(page, "admin-cache-tab-desktop");
    await page.close();
  });

  it("shows real stats that move with API traffic, polled every 10 s without a reload, and at once on Refresh Stats", async () => {
    await admin.call("/api/admin/cache/clear", { method: "POST" });
    const polls: number[] = [];
    const page = await context.newPage();
    page.on("request", (request) => {
      if (request.url().endsWith(STATS_PATH)) polls.push(Date.now());
    });
    await page.goto("/admin");
    await page.getByTestId("admin-panel").waitFor();
    await expect.poll(() => cards(page)).toEqual({ items: "0", rate: "0%", hits: "0", misses: "0" });
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    expect(await visit("/api/collection/slots/gallery?page=1&limit=2")).toBe("MISS");
    expect(await visit("/api/collection/slots/gallery?page=1&limit=2")).toBe("HIT");
    expect(await visit("/api/page-headers/home")).toBe("MISS");
    expect(await visit("/api/page-headers/home")).toBe("HIT");
    expect(await stats()).toMatchObject({ keys: 2, stats: { hits: 2, misses: 2 } });

    const visited = Date.now();
    await expect.poll(() => cards(page), { timeout: 12_000, interval: 250 }).toEqual({ items: "2", rate: "50.0%", hits: "2", misses: "2" });
    expect(polls.some((at) => at > visited)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const pollsSeen = polls.length;
    await expect.poll(() => polls.length, { timeout: 12_000, interval: 250 }).toBe(pollsSeen + 1);
    const gap = polls.at(-1)! - polls.at(-2)!;
    expect(gap).toBeGreaterThan(9_500);
    expect(gap).toBeLessThan(11_000);
    console.log(`cache stats: polled every ${(gap / 1000).toFixed(2)} s`);

    expect(await visit("/api/page-headers/home")).toBe("HIT");
    expect(await visit("/api/page-headers/gallery")).toBe("MISS");
    const clicked = Date.now();
    await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(STATS_PATH), { timeout: 2_000 }),
      page.getByRole("button", { name: "Refresh Stats" }).click(),
    ]);
    await expect.poll(() => cards(page), { timeout: 2_000, interval: 100 }).toEqual({ items: "3", rate: "50.0%", hits: "3", misses: "3" });
    expect(Date.now() - clicked).toBeLessThan(3_000);
    await screenshot(page, "admin-cache-stats-desktop");
    await page.close();
  });

  it("Clear All Caches toasts 'Cache cleared successfully' and drops the counts to zero", async () => {
    await visit("/api/page-headers/literature");
    await visit("/api/page-headers/literature");
    const before = await stats();
    expect(before.keys).toBeGreaterThan(0);
    const page = await openAdmin(context);
    await expect.poll(() => statText(page, "cached-items")).toBe(String(before.keys));
    await page.getByRole("button", { name: "Clear All Caches" }).click();
    const toast = await waitForToast(page, "Cache cleared successfully");
    expect(toast).toEqual({ description: `Cache cleared: ${before.keys} keys removed`, variant: "default" });
    await expect.poll(() => cards(page)).toEqual({ items: "0", rate: "0%", hits: "0", misses: "0" });
    expect(await stats()).toMatchObject({ keys: 0, stats: { hits: 0, misses: 0 } });
    expect(await visit("/api/page-headers/literature")).toBe("MISS");
    await screenshot(page, "admin-cache-cleared-desktop");
    await page.close();
  });

  it("turns caching off and on with the switch, disabled while each request runs", async () => {
    const page = await openAdmin(context);
    const toggle = cachingSwitch(page);
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await page.route("**/api/admin/cache/disable", delayed(1_500));
    await toggle.click();
    await expect.poll(() => toggle.isDisabled(), { interval: 50 }).toBe(true);
    await screenshot(page, "admin-cache-switch-pending-desktop");
    expect(await waitForToast(page, "Caching disabled")).toEqual({ description: null, variant: "default" });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    expect(await toggle.isDisabled()).toBe(false);
    expect(await page.locator('label[for="caching-switch"]').textContent()).toBe("Caching disabled");
    expect((await stats()).isCachingEnabled).toBe(false);
    const keys = (await stats()).keys;
    expect(await visit("/api/page-headers/services")).not.toBe("HIT");
    expect(await visit("/api/page-headers/services")).not.toBe("HIT");
    expect((await stats()).keys).toBe(keys);

    await page.route("**/api/admin/cache/enable", delayed(1_500));
    await toggle.click();
    await expect.poll(() => toggle.isDisabled(), { interval: 50 }).toBe(true);
    expect(await waitForToast(page, "Caching enabled")).toEqual({ description: null, variant: "default" });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    expect(await toggle.isDisabled()).toBe(false);
    expect((await stats()).isCachingEnabled).toBe(true);
    expect(await visit("/api/page-headers/services")).toBe("MISS");
    expect(await visit("/api/page-headers/services")).toBe("HIT");
    await page.close();
  });

  it("Clear Browser Cache & Reload empties local and session storage, CacheStorage and the site's IndexedDB database, then reloads after 2 s", async () => {
    const page = await openAdmin(context);
    await page.evaluate(async () => {
      localStorage.setItem("seeded", "local");
      sessionStorage.setItem("seeded", "session");
      await (await caches.open("coin-op-seeded")).put("/seeded", new Response("seeded"));
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("coin-op-catalogue", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("items");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction("items", "readwrite");
          tx.objectStore("items").put({ title: "seeded" }, "seeded");
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
        };
      });
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const stores = () =>
      page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        caches: (await caches.keys()).length,
        databases: (await indexedDB.databases()).map((db) => db.name),
      }));
    expect(await stores()).toEqual({ local: 1, session: 1, caches: 1, databases: ["coin-op-catalogue"] });

    const reloaded = page.waitForEvent("load", { timeout: 10_000 });
    const clicked = Date.now();
    await page.getByRole("button", { name: "Clear Browser Cache & Reload" }).click();
    const toast = await waitForToast(page, "Browser Cache Cleared");
    expect(toast).toEqual({ description: "Local data was cleared. The page reloads in 2 seconds.", variant: "default" });
    await screenshot(page, "admin-browser-cache-cleared-desktop");
    await reloaded;
    const delay = Date.now() - clicked;
    expect(delay).toBeGreaterThanOrEqual(2_000);
    expect(delay).toBeLessThan(4_000);
    console.log(`clear browser cache: page reloaded ${(delay / 1000).toFixed(2)} s after the click`);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
    expect(await stores()).toEqual({ local: 0, session: 0, caches: 0, databases: [] });
    await page.getByTestId("admin-panel").waitFor();
    await page.close();
  });

  it("Clear Browser Cache & Reload shows 'Cache Clear Error' asking for a hard refresh, and stays on the page, when the browser refuses to clear storage", async () => {
    const page = await context.newPage();
    // What Chromium throws when site data is blocked for the document.
    await page.addInitScript(() => {
      Storage.prototype.clear = () => {
        throw new DOMException("Failed to execute 'clear' on 'Storage': Access is denied for this document.", "SecurityError");
      };
    });
    await page.goto("/admin");
    await page.getByTestId("admin-panel").waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByRole("button", { name: "Clear Browser Cache & Reload" }).click();
    expect(await waitForToast(page, "Cache Clear Error")).toEqual({
      description:
        "Failed to execute 'clear' on 'Storage': Access is denied for this document. Please do a hard refresh instead (Ctrl+Shift+R, or Cmd+Shift+R on a Mac).",
      variant: "destructive",
    });
    await screenshot(page, "admin-browser-cache-clear-error-desktop");
    // Past the 2 s a successful clear waits before reloading.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.close();
  });

  it("shows destructive toasts with the failure's text when an action fails", async () => {
    const page = await openAdmin(context);
    await expect.poll(() => cachingSwitch(page).getAttribute("aria-checked")).toBe("true");
    await page.route("**/api/admin/cache/clear", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "KV namespace unavailable" }),
    );
    await page.getByRole("button", { name: "Clear All Caches" }).click();
    expect(await waitForToast(page, "Failed to clear cache")).toEqual({
      description: "500: KV namespace unavailable",
      variant: "destructive",
    });
    expect(await page.getByRole("button", { name: "Clear All Caches" }).isEnabled()).toBe(true);
    await screenshot(page, "admin-cache-clear-failed-desktop");

    await page.route("**/api/admin/cache/disable", (route) => route.fulfill({ status: 503, body: "" }));
    await cachingSwitch(page).click();
    expect(await waitForToast(page, "Failed to toggle caching")).toEqual({
      description: "503: Service Unavailable",
      variant: "destructive",
    });
    expect(await openToast(page).count()).toBe(1);
    expect(await cachingSwitch(page).getAttribute("aria-checked")).toBe("true");
    expect((await stats()).isCachingEnabled).toBe(true);

    await page.route(`**${STATS_PATH}`, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }),
    );
    await page.getByRole("button", { name: "Refresh Stats" }).click();
    await expect
      .poll(() => page.getByTestId("cache-stats-error").textContent())
      .toBe('Could not load cache stats: 500: {"error":"Internal server error"}');
    await page.close();
  });
});
