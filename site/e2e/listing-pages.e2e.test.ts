import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { ROUTED_CATEGORIES } from "../lib/routes";
import { launch, screenshot, keptPage } from "./support/browser";
import { apiItems, categoryName } from "./support/catalogue-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function cardHrefs(page: Page): Promise<string[]> {
  return page
    .getByTestId("item-grid")
    .getByTestId("view-details")
    .evaluateAll((els) => els.map((a) => a.getAttribute("href") ?? ""));
}

describe("category pages in the gallery style", () => {
  it.each(ROUTED_CATEGORIES)("/%s: category name, default switcher, page 1 of the listing, gallery links, no prices", async (category) => {
    const page = await keptPage(browser, "desktop");
    const response = await page.goto(`/${category}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("page-title").textContent()).toBe(categoryName(category));
    expect(await page.getByTestId("category-switcher").getByTestId("all-categories").isVisible()).toBe(true);
    expect(await page.getByTestId("category-switcher").getByTestId("featured-categories").count()).toBe(0);
    expect(await page.getByTestId(`category-${category}`).getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("back-to-categories").count()).toBe(0);
    const items = await apiItems(category, "");
    expect(await cardHrefs(page)).toEqual(items.slice(0, 2).map((i) => `${itemPagePath("gallery", i)}?page=1`));
    expect(await page.getByTestId("price-badge").count()).toBe(0);
    expect(
      await page
        .getByTestId("pager-top")
        .getByTestId(`pager-page-${Math.ceil(items.length / 2)}`)
        .isVisible(),
    ).toBe(true);
    await screenshot(page, `listing-pages-${category}-desktop`);
  });
});

describe.each(["desktop", "mobile"] as const)("section listings at %s", (viewport) => {
  it("/gallery/{category} lists the gallery view with cards leading to the gallery item pages", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto("/gallery/arcades");
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("page-title").textContent()).toBe("Arcade Machines Gallery");
    expect(await page.getByTestId("back-to-categories").count()).toBe(0);
    const items = await apiItems("arcades", "/gallery");
    expect(await cardHrefs(page)).toEqual(items.slice(0, 2).map((i) => `${itemPagePath("gallery", i)}?page=1`));
    await screenshot(page, `listing-pages-gallery-arcades-${viewport}`);
  });

  it("/for-sale/{category} is titled '{name} For Sale', lists the for-sale view and has Back to Categories", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto("/for-sale/vending");
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("page-title").textContent()).toBe("Vending Machines For Sale");
    const items = await apiItems("vending", "/for-sale");
    expect(items.every((i) => i.forSale)).toBe(true);
    expect(await cardHrefs(page)).toEqual(items.slice(0, 2).map((i) => `${itemPagePath("for-sale", i)}?page=1`));
    expect(await page.getByTestId("price-badge").count()).toBe(2);
    await screenshot(page, `listing-pages-for-sale-vending-${viewport}`);
    const back = page.getByRole("link", { name: "Back to Categories" });
    expect(await back.getAttribute("href")).toBe("/for-sale");
    await back.click();
    await page.waitForURL((url) => url.pathname === "/for-sale");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Browse Items By Category");
  });
});
