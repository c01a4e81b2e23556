import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { BASE_URL, VIEWPORTS, launch, open, screenshot } from "./support/browser";
import { apiItems, cardTitle, cardTitles, holdRequests, POLL, type ApiItem } from "./support/catalogue-helpers";

let browser: Browser;
let slots: ApiItem[];
beforeAll(async () => {
  browser = await launch();
  slots = await apiItems("slots", "/gallery");
});
afterAll(async () => {
  await browser?.close();
});

/** Astro's bundled JavaScript (islands, their runtime, page modules): holding it keeps a page as the server sent it. */
const bundledScript = (url: URL) => url.pathname.startsWith("/_astro/") && url.pathname.endsWith(".js");
const currentPage = (page: Page) => page.getByTestId("pager-top").locator('[aria-current="page"]').textContent();

describe("Back before the item page has hydrated", () => {
  it("clicked as soon as the page shows, its JavaScript held back, returns to the gallery page the card was opened from", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    await page.goto("/gallery/slots?page=3");
    await expect.poll(() => cardTitles(page), POLL).toEqual(slots.slice(4, 6).map(cardTitle));
    const scripts = await holdRequests(page, bundledScript);
    await page.getByTestId("item-card").first().getByRole("link", { name: "View Details" }).click();
    await page.waitForURL((url) => url.pathname === itemPagePath("gallery", slots[4]!) && url.search === "?page=3", {
      waitUntil: "commit",
    });
    const back = page.getByTestId("back-button");
    await back.waitFor();
    await scripts.held;
    // Not hydrated: the image gallery island is still the server's markup.
    expect(await page.locator("astro-island[ssr]").count()).toBeGreaterThan(0);
    expect(await back.getAttribute("href")).toBe("/gallery/slots?page=3");
    await screenshot(page, "item-back-before-hydration-desktop");
    await back.click();
    await page.waitForURL((url) => url.pathname === "/gallery/slots" && url.search === "?page=3", { waitUntil: "commit" });
    scripts.release();
    await expect.poll(() => currentPage(page), POLL).toBe("3");
    await expect.poll(() => cardTitles(page), POLL).toEqual(slots.slice(4, 6).map(cardTitle));
    await context.close();
  });

  it("opened from a shared address, follows `from` and `page` before any script has loaded", async () => {
    const context = await open(browser, "mobile");
    const page = await context.newPage();
    const scripts = await holdRequests(page, bundledScript);
    await page.goto(`${itemPagePath("gallery", slots[0]!)}?from=for-sale&page=2`, { waitUntil: "commit" });
    const back = page.getByTestId("back-button");
    await back.waitFor();
    await scripts.held;
    expect(await page.locator("astro-island[ssr]").count()).toBeGreaterThan(0);
    await back.click();
    await page.waitForURL((url) => url.pathname === "/for-sale/slots" && url.search === "?page=2", { waitUntil: "commit" });
    scripts.release();
    await expect.poll(() => currentPage(page), POLL).toBe("2");
    await context.close();
  });
});

describe("Back with JavaScript off", () => {
  // Static HTML cannot read the address's query, and a listing without JavaScript shows only its prerendered page 1
  // (other pages are rendered by its island): the right Back is then page 1 of the item's own section, which is
  // what the listing can show, not an address saying page 3 over page 1's cards.
  it("leads to page 1 of the item's own listing, the one page a listing shows without JavaScript", async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/gallery/slots?page=3");
    expect(await currentPage(page)).toBe("1");
    expect(await cardTitles(page)).toEqual(slots.slice(0, 2).map(cardTitle));

    await page.goto(`${itemPagePath("gallery", slots[4]!)}?from=for-sale&page=3`);
    expect(await page.getByTestId("back-button").getAttribute("href")).toBe("/gallery/slots?page=1");
    await page.getByTestId("back-button").click();
    await page.waitForURL((url) => url.pathname === "/gallery/slots" && url.search === "?page=1");
    expect(await currentPage(page)).toBe("1");
    expect(await cardTitles(page)).toEqual(slots.slice(0, 2).map(cardTitle));
    await screenshot(page, "item-back-no-javascript-desktop");
    await context.close();
  });
});
