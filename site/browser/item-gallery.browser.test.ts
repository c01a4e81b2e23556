import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, screenshot } from "./browser";
import { hydrated, itemByTitle, openAt, POLL, type ApiItem } from "./catalogue-helpers";

let browser: Browser;
let castle: ApiItem;
let images: string[];
beforeAll(async () => {
  browser = await launch();
  castle = await itemByTitle("slots", "Mills Castle Front 5¢");
  images = [castle.mainImageUrl!, ...castle.additionalImageUrls];
});
afterAll(async () => {
  await browser?.close();
});

/** Thumbnails lying wholly inside the strip's visible window. */
async function visibleThumbnails(page: Page): Promise<number> {
  return page.getByTestId("thumbnail-strip").evaluate((strip) => {
    const frame = strip.getBoundingClientRect();
    return [...strip.querySelectorAll('[data-testid="thumbnail"]')].filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5;
    }).length;
  });
}

async function thumbnailLefts(page: Page): Promise<number[]> {
  return page.getByTestId("thumbnail").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
}

describe("thumbnail strip on an item with eight images", () => {
  it("has at least six additional images to scroll through", () => {
    expect(castle.additionalImageUrls.length).toBeGreaterThanOrEqual(6);
  });

  it.each([
    [375, 3],
    [800, 4],
    [1280, 5],
  ])("at %i px shows %i thumbnails of 80 px, 92 px apart, and the arrows step one thumbnail", async (width, visible) => {
    const context = await openAt(browser, width);
    const page = await context.newPage();
    await page.goto(`/gallery/slots/${castle.id}`);
    await hydrated(page);
    const thumbs = page.getByTestId("thumbnail");
    expect(await thumbs.count()).toBe(images.length);
    expect(await visibleThumbnails(page)).toBe(visible);
    const size = await thumbs.first().locator("img").boundingBox();
    expect([size?.width, size?.height]).toEqual([80, 80]);
    const lefts = await thumbnailLefts(page);
    expect(lefts.slice(1).map((x, i) => Math.round(x - lefts[i]))).toEqual(Array(images.length - 1).fill(92));

    const left = page.getByRole("button", { name: "Previous images" });
    const right = page.getByRole("button", { name: "Next images" });
    expect(await left.isDisabled()).toBe(true);
    await right.click();
    await expect.poll(async () => Math.round((await thumbnailLefts(page))[0] - lefts[0]), POLL).toBe(-92);
    expect(await visibleThumbnails(page)).toBe(visible);
    for (let step = 1; step < images.length - visible; step++) await right.click();
    expect(await right.isDisabled()).toBe(true);
    await expect.poll(async () => Math.round((await thumbnailLefts(page))[0] - lefts[0]), POLL).toBe(-92 * (images.length - visible));
    await left.click();
    expect(await left.isEnabled()).toBe(true);
    await screenshot(page, `item-gallery-strip-${width}`);
    await context.close();
  });

  it("changes the main image when a thumbnail is clicked; the main image is at most 500 px high", async () => {
    const context = await openAt(browser, 1280);
    const page = await context.newPage();
    await page.goto(`/for-sale/slots/${castle.id}`);
    await hydrated(page);
    const main = page.getByTestId("main-image");
    expect(await main.getAttribute("src")).toBe(images[0]);
    const third = page.getByTestId("thumbnail").nth(2);
    await third.click();
    await expect.poll(() => main.getAttribute("src"), POLL).toBe(images[2]);
    expect(await main.getAttribute("alt")).toBe(`Mills Castle Front 5¢ — image 3 of ${images.length}`);
    expect(await third.getAttribute("aria-current")).toBe("true");
    expect(await page.getByTestId("thumbnail").first().getAttribute("aria-current")).toBeNull();
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
    const frame = await main.evaluate((img) => ({ maxHeight: getComputedStyle(img.parentElement!).maxHeight, height: img.getBoundingClientRect().height }));
    expect(frame.maxHeight).toBe("500px");
    expect(frame.height).toBeLessThanOrEqual(500);
    await screenshot(page, "item-gallery-third-image-1280");
    await context.close();
  });
});

describe("item images that fail to load", () => {
  it("fall back to the category's default image on the item page and on its listing card", async () => {
    const context = await openAt(browser, 1280);
    const page = await context.newPage();
    await page.route((url) => url.pathname === castle.mainImageUrl, (route) => route.abort());
    await page.goto(`/gallery/slots/${castle.id}`);
    const main = page.getByTestId("main-image");
    await expect.poll(() => main.getAttribute("src"), POLL).toBe("/images/defaults/slots.svg");
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
    await screenshot(page, "item-gallery-fallback-1280");
    await page.goto("/gallery/slots?page=5");
    const card = page.getByTestId("item-card").filter({ hasText: "Mills Castle Front 5¢" });
    await expect.poll(() => card.getByRole("img").getAttribute("src"), POLL).toBe("/images/defaults/slots.svg");
    await context.close();
  });
});
