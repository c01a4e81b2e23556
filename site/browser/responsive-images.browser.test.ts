import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { BASE_URL, launch, screenshot } from "./browser";
import { apiItems, cardTitle, cardTitles, itemByTitle, openAt, POLL } from "./catalogue-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The candidates of an image's srcset as [url, width descriptor]. */
async function candidates(img: Locator): Promise<[string, string][]> {
  const srcset = (await img.getAttribute("srcset")) ?? "";
  return srcset.split(",").map((c) => c.trim().split(/\s+/) as [string, string]);
}

/** Checks a srcset built from a synced file: resized WebP copies the site serves, narrowest first, then the original. */
async function expectBuiltSrcset(img: Locator): Promise<void> {
  const src = (await img.getAttribute("src"))!;
  const all = await candidates(img);
  const original = all.pop()!;
  expect(all.length).toBeGreaterThan(0);
  expect(original[0]).toBe(src);
  const widths = [...all, original].map(([, w]) => Number(/^(\d+)w$/.exec(w)![1]));
  expect(widths).toEqual([...widths].sort((a, b) => a - b));
  expect(new Set(widths).size).toBe(widths.length);
  for (const [url] of all) {
    expect(url).toMatch(/^\/_astro\/.+\.webp$/);
    const res = await fetch(`${BASE_URL}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  }
  expect(await img.getAttribute("sizes")).toBeTruthy();
}

/** The file the browser chose for an image, once it has loaded. */
async function chosen(page: Page, img: Locator): Promise<string> {
  await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
  return new URL(await img.evaluate((el) => (el as HTMLImageElement).currentSrc)).pathname;
}

describe("responsive images", () => {
  it("offer resized copies of synced files on listing cards, and a phone takes the small one", async () => {
    const page = await (await openAt(browser, 375, 740)).newPage();
    await page.goto("/gallery/slots");
    const image = page.getByTestId("item-card").first().locator("img");
    await expectBuiltSrcset(image);
    expect(await chosen(page, image)).toMatch(/^\/_astro\/.+\.webp$/);
    await screenshot(page, "responsive-images-listing-mobile");
    await page.context().close();
  });

  it("offer resized copies on the cards of a page the listing renders in the browser; its first card loads at once", async () => {
    const page = await (await openAt(browser, 375, 740)).newPage();
    const second = (await apiItems("slots", "/for-sale")).slice(2, 4);
    await page.goto("/for-sale/slots?page=2");
    await expect.poll(() => cardTitles(page), POLL).toEqual(second.map(cardTitle));
    const cards = page.getByTestId("item-card");
    for (const card of await cards.all()) await expectBuiltSrcset(card.locator("img"));
    expect(await cards.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")))).toEqual(["eager", "lazy"]);
    expect(await chosen(page, cards.first().locator("img"))).toMatch(/^\/_astro\/.+\.webp$/);
    await page.context().close();
  });

  it("offer resized copies for the item page's main image and thumbnails", async () => {
    const castle = await itemByTitle("slots", "Mills Castle Front 5¢");
    const page = await (await openAt(browser, 1280, 900)).newPage();
    await page.goto(`/gallery/slots/${castle.id}`);
    await expectBuiltSrcset(page.getByTestId("main-image"));
    // The first thumbnail shows the main image's file: Chromium rightly reuses the larger copy it already holds
    // for it, so the copy a thumbnail picks is checked on the second, whose file nothing else has loaded.
    const thumbnail = page.getByTestId("thumbnail").nth(1).locator("img");
    await expectBuiltSrcset(page.getByTestId("thumbnail").first().locator("img"));
    await expectBuiltSrcset(thumbnail);
    expect(await thumbnail.getAttribute("sizes")).toBe("80px");
    expect(await chosen(page, thumbnail)).toMatch(/^\/_astro\/.+\.webp$/);
    await page.context().close();
  });

  it("offer resized copies for post images and the header logo", async () => {
    const page = await (await openAt(browser, 1280, 900)).newPage();
    await page.goto("/");
    await expectBuiltSrcset(page.getByTestId("post").first().locator("img").first());
    const logo = page.getByTestId("header-logo");
    await expectBuiltSrcset(logo);
    expect(await chosen(page, logo)).toMatch(/^\/_astro\/.+\.webp$/);
    await page.context().close();
  });
});
