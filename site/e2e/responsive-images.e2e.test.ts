import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Locator, Page } from "playwright-core";
import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { VARIANT_WIDTHS } from "#contract/media-variants";
import { imageSize } from "#contract/image-size";
import { BASE_URL, SITE_DIST, launch, screenshot } from "./support/browser";
import { apiItems, cardTitle, cardTitles, itemByTitle, openAt, POLL } from "./support/catalogue-helpers";

const PUBLIC_DIR = resolve(import.meta.dirname, "../public");
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

/** The bytes and type of an answer of the site. */
async function download(path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${BASE_URL}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Checks a srcset of a synced file: the worker's resized copies of the image's own `/media` file, narrowest first, each
 * no wider than its copy's width; each answers a WebP smaller than the original, or (a copy that would not be
 * smaller) the original itself. `sized`: the build read the original's width, so the widest candidate is described by it;
 * otherwise (cards, which the browser renders too) every width the worker makes is offered.
 */
async function expectMediaSrcset(img: Locator, sized: boolean): Promise<void> {
  const src = (await img.getAttribute("src"))!;
  expect(src).toMatch(/^\/media\/notion\//);
  const original = await download(src);
  const all = await candidates(img);
  expect(all.length).toBeGreaterThan(1);
  const widths = all.map(([, w]) => Number(/^(\d+)w$/.exec(w)![1]));
  expect(widths).toEqual([...widths].sort((a, b) => a - b));
  expect(new Set(widths).size).toBe(widths.length);
  if (sized) expect(widths.at(-1)).toBe(Math.min(imageSize(original.bytes)!.width, VARIANT_WIDTHS.at(-1)!));
  else expect(widths).toEqual([...VARIANT_WIDTHS]);
  for (const [i, [url]] of all.entries()) {
    const [, copyWidth, key] = /^\/media\/w\/(\d+)\/(.+)$/.exec(url) ?? [];
    expect(`/media/${key}`).toBe(src);
    expect(VARIANT_WIDTHS).toContain(Number(copyWidth));
    expect(widths[i]).toBeLessThanOrEqual(Number(copyWidth));
    const copy = await download(url);
    expect(copy.status).toBe(200);
    if (copy.type === "image/webp") expect(copy.bytes.length).toBeLessThan(original.bytes.length);
    else expect(copy.bytes.equals(original.bytes)).toBe(true);
  }
  expect(await img.getAttribute("sizes")).toBeTruthy();
}

/** The file the browser chose for an image, once it has loaded. */
async function chosen(page: Page, img: Locator): Promise<string> {
  await page.waitForFunction(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
    await img.elementHandle(),
  );
  return new URL(await img.evaluate((el) => (el as HTMLImageElement).currentSrc)).pathname;
}

/** Checks the copy the browser chose: the `width` copy of the image's file, a WebP smaller than the original. */
async function expectSmallCopy(page: Page, img: Locator, width: number): Promise<void> {
  const src = (await img.getAttribute("src"))!;
  const path = await chosen(page, img);
  expect(path).toBe(src.replace(/^\/media\//, `/media/w/${width}/`));
  const [copy, original] = await Promise.all([download(path), download(src)]);
  expect(copy.type).toBe("image/webp");
  expect(copy.bytes.length).toBeLessThan(original.bytes.length);
}

/** Every file of the built site, relative to its folder. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

describe("responsive images", () => {
  it("offer resized copies of synced files on listing cards, and a phone takes the small one", async () => {
    const page = await (await openAt(browser, 375, 740)).newPage();
    await page.goto("/gallery/slots");
    const image = page.getByTestId("item-card").first().locator("img");
    await expectMediaSrcset(image, false);
    await expectSmallCopy(page, image, 400);
    await screenshot(page, "responsive-images-listing-mobile");
    await page.context().close();
  });

  it("offer resized copies on the cards of a page the listing renders in the browser; its first card loads at once", async () => {
    const page = await (await openAt(browser, 375, 740)).newPage();
    const second = (await apiItems("slots", "/for-sale")).slice(2, 4);
    await page.goto("/for-sale/slots?page=2");
    await expect.poll(() => cardTitles(page), POLL).toEqual(second.map(cardTitle));
    const cards = page.getByTestId("item-card");
    for (const card of await cards.all()) await expectMediaSrcset(card.locator("img"), false);
    expect(await cards.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")))).toEqual(["eager", "lazy"]);
    await expectSmallCopy(page, cards.first().locator("img"), 400);
    await page.context().close();
  });

  it("offer resized copies for the item page's main image and thumbnails", async () => {
    const castle = await itemByTitle("slots", "Mills Castle Front 5¢");
    const page = await (await openAt(browser, 1280, 900)).newPage();
    await page.goto(itemPagePath("gallery", castle));
    await expectMediaSrcset(page.getByTestId("main-image"), true);
    // The first thumbnail shows the main image's file: Chromium rightly reuses the larger copy it already holds
    // for it, so the copy a thumbnail picks is checked on the second, whose file nothing else has loaded.
    const thumbnail = page.getByTestId("thumbnail").nth(1).locator("img");
    await expectMediaSrcset(page.getByTestId("thumbnail").first().locator("img"), true);
    await expectMediaSrcset(thumbnail, true);
    expect(await thumbnail.getAttribute("sizes")).toBe("80px");
    await expectSmallCopy(page, thumbnail, 160);
    await page.context().close();
  });

  it("offer resized copies for post images and the header logo", async () => {
    const page = await (await openAt(browser, 1280, 900)).newPage();
    await page.goto("/");
    await expectMediaSrcset(page.getByTestId("post").first().locator("img").first(), true);
    const logo = page.getByTestId("header-logo");
    await expectMediaSrcset(logo, true);
    await expectSmallCopy(page, logo, 400);
    await page.context().close();
  });

  it("are not part of the build: every image file in the built site is one of site/public's", () => {
    const built = files(SITE_DIST);
    const images = built.filter((name) => /\.(webp|avif|png|jpe?g|gif|svg)$/i.test(name));
    expect(built.some((name) => name.endsWith(".html"))).toBe(true);
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((name) => !existsSync(join(PUBLIC_DIR, name)))).toEqual([]);
  });
});
