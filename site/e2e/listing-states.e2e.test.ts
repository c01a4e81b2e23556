import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, open, screenshot, keptPage } from "./support/browser";
import { collectVitals, cumulativeLayoutShift, installVitalsObservers } from "../../scripts/lib/vitals-observer.ts";
import { apiItems, cardTitle, cardTitles, holdRequests, hydrated, POLL } from "./support/catalogue-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const page2 = (url: URL) => url.pathname === "/api/collection/slots/gallery" && url.searchParams.get("page") === "2";

describe.each(["desktop", "mobile"] as const)("listing states at %s", (viewport) => {
  it("shows two placeholder cards while a page loads, then its cards", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    await page.goto("/gallery/slots");
    await hydrated(page);
    const gate = await holdRequests(page, page2);
    await page.getByTestId("pager-top").getByRole("link", { name: "Next" }).click();
    await gate.held;
    const loading = page.getByTestId("listing-loading");
    await loading.waitFor();
    expect(await loading.getByTestId("card-skeleton").count()).toBe(2);
    expect(await page.getByTestId("listing").getAttribute("aria-busy")).toBe("true");
    expect(await page.getByTestId("item-grid").count()).toBe(0);
    expect(await page.getByTestId("pager-top").locator('[aria-current="page"]').textContent()).toBe("2");
    await screenshot(page, `listing-states-loading-${viewport}`);
    gate.release();
    const items = (await apiItems("slots", "/gallery")).slice(2, 4);
    await expect.poll(() => cardTitles(page), POLL).toEqual(items.map((i) => `${i.title} (${i.year})`));
    expect(await loading.count()).toBe(0);
    expect(await page.getByTestId("listing").getAttribute("aria-busy")).toBe("false");
    await context.close();
  });

  it("opened at ?page=3 shows placeholders, never page 1's cards or pager, until page 3 arrives; no layout shift", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    await page.addInitScript(installVitalsObservers);
    const island = await holdRequests(page, (url) => url.pathname.startsWith("/_astro/ListingGrid"));
    const api = await holdRequests(page, (url) => url.pathname === "/api/collection/slots/gallery" && url.searchParams.get("page") === "3");
    await page.goto("/gallery/slots?page=3", { waitUntil: "domcontentloaded" });
    await island.held;
    const pending = page.getByTestId("listing-pending");
    expect(await pending.isVisible()).toBe(true);
    expect(await pending.getByTestId("card-skeleton").count()).toBe(2);
    expect(await page.getByTestId("item-grid").isVisible()).toBe(false);
    expect(await page.getByTestId("view-details").first().isVisible()).toBe(false);
    expect(await page.getByTestId("pager-top").locator('[aria-current="page"]').isVisible()).toBe(false);
    await screenshot(page, `listing-states-page-3-before-hydration-${viewport}`);
    island.release();
    await hydrated(page);
    await api.held;
    expect(await page.getByTestId("listing-loading").getByTestId("card-skeleton").count()).toBe(2);
    expect(await pending.count()).toBe(0);
    expect(await page.getByTestId("pager-top").locator('[aria-current="page"]').textContent()).toBe("3");
    api.release();
    const items = (await apiItems("slots", "/gallery")).slice(4, 6);
    await expect.poll(() => cardTitles(page), POLL).toEqual(items.map(cardTitle));
    const { shifts } = await page.evaluate(collectVitals);
    expect(cumulativeLayoutShift(shifts), JSON.stringify(shifts)).toBeLessThan(0.005);
    await context.close();
  });

  it("says 'Error loading items. Please try again later.' when the listing request fails", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    await page.route(
      (url) => page2(url),
      (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
    );
    await page.goto("/gallery/slots?page=2");
    const error = page.getByRole("alert").filter({ hasText: "Error loading items" });
    await error.waitFor();
    expect(await error.textContent()).toBe("Error loading items. Please try again later.");
    expect(await page.getByTestId("item-grid").count()).toBe(0);
    await screenshot(page, `listing-states-error-${viewport}`);
    await context.close();
  });

  it("says 'No Vintage Toys are currently available for sale. Please check back later.' with no pager", async () => {
    expect(await apiItems("toys", "/for-sale")).toEqual([]);
    const page = await keptPage(browser, viewport);
    await page.goto("/for-sale/toys");
    await hydrated(page);
    expect(await page.getByTestId("listing-empty").textContent()).toBe(
      "No Vintage Toys are currently available for sale. Please check back later.",
    );
    expect(await page.getByTestId("item-card").count()).toBe(0);
    expect(await page.locator('[data-testid^="pager-"]').count()).toBe(0);
    await screenshot(page, `listing-states-empty-for-sale-${viewport}`);
  });
});

describe("gallery empty text", () => {
  it("a gallery page past the last one says 'No Slot Machines found in the gallery at this time.'", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/slots?page=9");
    const empty = page.getByTestId("listing-empty");
    await empty.waitFor();
    expect(await empty.textContent()).toBe("No Slot Machines found in the gallery at this time.");
    expect(await page.getByTestId("pager-top").getByRole("link", { name: "Page 8" }).isVisible()).toBe(true);
    await screenshot(page, "listing-states-empty-gallery-desktop");
    await page.getByTestId("pager-top").getByRole("link", { name: "Page 8" }).click();
    await expect.poll(() => page.getByTestId("item-card").count(), POLL).toBe(1);
  });
});
