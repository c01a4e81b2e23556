import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { keptPage, launch, screenshot } from "./support/browser";
import { hydrated, itemByTitle, openAt, POLL, type ApiItem } from "./support/catalogue-helpers";

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

/** Indexes of the thumbnails lying wholly inside the strip's box, and of those keyboard focus can reach. */
async function stripWindow(page: Page): Promise<{ inside: number[]; focusable: number[] }> {
  return page.getByTestId("thumbnail-strip").evaluate((strip) => {
    const frame = strip.getBoundingClientRect();
    const thumbs = [...strip.querySelectorAll<HTMLElement>('[data-testid="thumbnail"]')];
    const indexes = (keep: (t: HTMLElement) => boolean) => thumbs.flatMap((t, i) => (keep(t) ? [i] : []));
    return {
      inside: indexes((t) => {
        const r = t.getBoundingClientRect();
        return r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5;
      }),
      focusable: indexes((t) => t.tabIndex >= 0),
    };
  });
}

/** The indexes from `first`, `count` of them. */
function run(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

async function thumbnailLefts(page: Page): Promise<number[]> {
  return page.getByTestId("thumbnail").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
}

describe("thumbnail strip on an item with eight images", () => {
  it("has at least six additional images to scroll through", () => {
    expect(castle.additionalImageUrls.length).toBeGreaterThanOrEqual(6);
  });

  // 360 px (a common Android width) still holds three thumbnails; at 320 px only two fit beside the arrows.
  it.each([
    [320, 2],
    [360, 3],
    [375, 3],
    [768, 4],
    [800, 4],
    [1024, 5],
    [1100, 5],
    [1200, 5],
    [1280, 5],
  ])(
    "at %i px shows %i whole thumbnails of 80 px, 92 px apart, only those take focus, and the arrows step one thumbnail to the last",
    async (width, visible) => {
      const page = await keptPage(browser, { width, height: 900 });
      await page.goto(itemPagePath("gallery", castle));
      await hydrated(page);
      const thumbs = page.getByTestId("thumbnail");
      expect(await thumbs.count()).toBe(images.length);
      await expect.poll(() => stripWindow(page), POLL).toEqual({ inside: run(0, visible), focusable: run(0, visible) });
      const size = await thumbs.first().locator("img").boundingBox();
      expect([size?.width, size?.height]).toEqual([80, 80]);
      const lefts = await thumbnailLefts(page);
      expect(lefts.slice(1).map((x, i) => Math.round(x - lefts[i]!))).toEqual(Array(images.length - 1).fill(92));
      await screenshot(page, `item-gallery-strip-${width}`);

      const left = page.getByRole("button", { name: "Previous images" });
      const right = page.getByRole("button", { name: "Next images" });
      expect(await left.isDisabled()).toBe(true);
      await right.click();
      await expect.poll(async () => Math.round((await thumbnailLefts(page))[0]! - lefts[0]!), POLL).toBe(-92);
      await expect.poll(() => stripWindow(page), POLL).toEqual({ inside: run(1, visible), focusable: run(1, visible) });
      for (let step = 1; step < images.length - visible; step++) await right.click();
      expect(await right.isDisabled()).toBe(true);
      await expect.poll(async () => Math.round((await thumbnailLefts(page))[0]! - lefts[0]!), POLL).toBe(-92 * (images.length - visible));
      const last = run(images.length - visible, visible);
      await expect.poll(() => stripWindow(page), POLL).toEqual({ inside: last, focusable: last });
      await left.click();
      expect(await left.isEnabled()).toBe(true);
      await screenshot(page, `item-gallery-strip-end-${width}`);
    },
  );

  it("changes the main image when a thumbnail is clicked; the main image is at most 500 px high", async () => {
    const page = await keptPage(browser, { width: 1280, height: 900 });
    await page.goto(itemPagePath("for-sale", castle));
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
    const frame = await main.evaluate((img) => ({
      maxHeight: getComputedStyle(img.parentElement!).maxHeight,
      height: img.getBoundingClientRect().height,
    }));
    expect(frame.maxHeight).toBe("500px");
    expect(frame.height).toBeLessThanOrEqual(500);
    await screenshot(page, "item-gallery-third-image-1280");
  });
});

describe("item images that fail to load", () => {
  it("fall back to the category's default image on the item page and on its listing card", async () => {
    const context = await openAt(browser, 1280);
    const page = await context.newPage();
    // The file fails, and so do its resized copies (`/media/w/{width}/...`) that the srcset offers.
    await page.route(
      (url) => url.pathname.replace(/^\/media\/w\/\d+\//, "/media/") === castle.mainImageUrl,
      (route) => route.abort(),
    );
    await page.goto(itemPagePath("gallery", castle));
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
