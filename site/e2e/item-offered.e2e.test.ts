import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { itemPagePath } from "#contract/item-address";
import { launch, open, screenshot } from "./support/browser";
import { apiItems, itemByTitle, statusOf, type ApiItem } from "./support/catalogue-helpers";
import { buildInfo, builtSiteInfo, patchNotionPage, syncAndRebuild, syncTable, until } from "./support/stack";

let browser: Browser;
let toy: ApiItem;
let forSalePath: string;
let changed = false;
beforeAll(async () => {
  browser = await launch();
  toy = await itemByTitle("toys", "Masudaya Sparky Robot");
  forSalePath = itemPagePath("for-sale", toy);
});
afterAll(async () => {
  await browser?.close();
  if (!changed) return;
  // Put the workspace back and wait for the rebuild, so later files see the demo data and a settled site.
  await patchNotionPage(toy.id, { properties: { "For Sale": { checkbox: false }, Price: { number: null } } });
  await syncAndRebuild("Vintage Toys", "the toy no longer for sale", async () => (await statusOf(forSalePath)) === 404);
  expect(await apiItems("toys", "/for-sale")).toEqual([]);
}, 200_000);

describe("an item offered for sale in Notion after the last build", () => {
  it("renders client-side at once; the next build prerenders it and its one-page listing has no pager", async () => {
    expect([toy.forSale, toy.price]).toEqual([false, null]);
    const before = (await buildInfo()).builtAt;
    changed = true;
    await patchNotionPage(toy.id, { properties: { "For Sale": { checkbox: true }, Price: { number: 1250 } } });
    await syncTable("Vintage Toys");
    expect((await apiItems("toys", "/for-sale")).map((i) => i.id)).toEqual([toy.id]);

    const context = await open(browser, "desktop");
    const page = await context.newPage();
    const response = await page.goto(forSalePath);
    expect(response?.status(), "the rebuild must not have finished yet").toBe(404);
    await page.getByTestId("item-detail").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Masudaya Sparky Robot");
    expect(await page.getByTestId("item-price").textContent()).toBe("$1,250");
    expect(await page.getByTestId("contact-card").getByRole("heading").textContent()).toBe("Interested in this item?");
    const crumbs = (await page.getByTestId("breadcrumb").getByRole("listitem").allTextContents()).map((t) => t.replace("›", "").trim());
    expect(crumbs).toEqual(["Home", "For Sale", "Vintage Toys", "Masudaya Sparky Robot"]);
    await screenshot(page, "item-offered-client-side-desktop");

    await until(
      "the rebuild with the toy for sale",
      async () => (await builtSiteInfo()).builtAt !== before && (await statusOf(forSalePath)) === 200,
      150_000,
    );
    const prerendered = await page.goto(forSalePath);
    expect(prerendered?.status()).toBe(200);
    expect(await page.getByTestId("item-loading").count()).toBe(0);
    expect(await page.getByTestId("item-price").textContent()).toBe("$1,250");

    await page.goto("/for-sale/toys");
    const cards = page.getByTestId("item-card");
    expect(await cards.count()).toBe(1);
    expect(await cards.getByTestId("price-badge").textContent()).toBe("$1,250");
    expect(await page.locator('[data-testid^="pager-"]').count()).toBe(0);
    expect(await page.getByTestId("listing-empty").count()).toBe(0);
    await screenshot(page, "item-offered-one-page-listing-desktop");
    await context.close();
  }, 200_000);
});
