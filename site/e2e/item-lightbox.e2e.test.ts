import { readdirSync } from "node:fs";
import { itemPagePath } from "#contract/item-address";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, CDPSession, Page } from "playwright-core";
import { BASE_URL, SITE_DIST, VIEWPORTS, launch, screenshot } from "./support/browser";
import { hydrated, itemByTitle, openAt, POLL, type ApiItem } from "./support/catalogue-helpers";
import { seriousAxeViolations } from "./support/site-helpers";

const TITLE = "Mills Castle Front 5¢";
let browser: Browser;
let castle: ApiItem;
let images: string[];
beforeAll(async () => {
  browser = await launch();
  castle = await itemByTitle("slots", TITLE);
  images = [castle.mainImageUrl!, ...castle.additionalImageUrls];
});
afterAll(async () => {
  await browser?.close();
});

/** The worker's largest copy of a synced image: what the lightbox shows. */
const fullSize = (src: string) => src.replace(/^\/media\//, "/media/w/1600/");
const LIGHTBOX_CHUNK = /\/_astro\/Lightbox\.[\w-]+\.js$/;
const viewLink = (page: Page, n: number) => page.getByRole("link", { name: `View full size: ${TITLE}, image ${n} of ${images.length}` });
const dialog = (page: Page) => page.getByRole("dialog", { name: TITLE });
const counter = (page: Page) => page.getByTestId("lightbox-counter").textContent();
/** The photo shown: its address once decoded and painted, and its zoom. */
const shownPhoto = (page: Page) =>
  page.getByTestId("lightbox-image").evaluate((img: HTMLImageElement) => ({
    src: img.complete && img.naturalWidth > 0 ? new URL(img.src).pathname : null,
    scale: Number(/scale\(([\d.]+)\)/.exec(img.style.transform)?.[1] ?? "NaN"),
  }));
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

/** Touches the page through the DevTools protocol, as a finger would: `paths` are the fingers' points, moved together in `steps`. */
async function touch(cdp: CDPSession, paths: { from: [number, number]; to: [number, number] }[], steps = 8): Promise<void> {
  const at = (t: number) =>
    paths.map(({ from, to }, id) => ({ x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t, id }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (let step = 1; step <= steps; step++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(step / steps) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

describe("item photos up close", () => {
  it("opens the main image full size from the keyboard, loading the lightbox's code only then; arrows, buttons, zoom, Escape, focus returned", async () => {
    // A chunk of its own in the build, not named by the page.
    const chunks = readdirSync(join(SITE_DIST, "_astro")).filter((f) => LIGHTBOX_CHUNK.test(`/_astro/${f}`));
    expect(chunks).toHaveLength(1);
    const context = await openAt(browser, 1280);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
    const html = await (await page.goto(itemPagePath("gallery", castle)))!.text();
    expect(html).not.toContain(chunks[0]);
    // Before hydration, or without JavaScript, the main image is a plain link to its full-size copy.
    expect(html).toContain(`href="${fullSize(images[0]!)}"`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((s) => LIGHTBOX_CHUNK.test(s))).toEqual([]);
    const button = viewLink(page, 1);
    const frame = await page.getByTestId("view-full-size").boundingBox();

    await button.focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    expect(scripts.filter((s) => LIGHTBOX_CHUNK.test(s))).toEqual([`/_astro/${chunks[0]}`]);
    expect(await counter(page)).toBe(`1 / ${images.length}`);
    await expect.poll(() => shownPhoto(page), POLL).toEqual({ src: fullSize(images[0]!), scale: 1 });
    expect(await page.getByTestId("lightbox-image").getAttribute("alt")).toBe(`${TITLE} — image 1 of ${images.length}`);
    expect(await focusedTestId(page)).toBe("lightbox-close");
    // Focus stays inside: Tab and Shift+Tab go round the dialog's controls.
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "item-lightbox-1280");

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter(page), POLL).toBe(`2 / ${images.length}`);
    await expect.poll(() => shownPhoto(page), POLL).toEqual({ src: fullSize(images[1]!), scale: 1 });
    expect(await page.getByTestId("lightbox-counter").getAttribute("aria-live")).toBe("polite");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter(page), POLL).toBe(`1 / ${images.length}`);
    await page.keyboard.press("ArrowLeft");
    expect(await page.getByTestId("lightbox-previous").getAttribute("aria-disabled")).toBe("true");
    await page.getByRole("button", { name: "Next photo" }).click();
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect.poll(() => counter(page), POLL).toBe(`3 / ${images.length}`);
    await expect.poll(() => shownPhoto(page), POLL).toEqual({ src: fullSize(images[2]!), scale: 1 });

    // Double click zooms in where it lands and back out; the zoom button does the same for keyboards.
    const stage = page.getByTestId("lightbox-stage");
    await stage.dblclick({ position: { x: 400, y: 300 } });
    await expect.poll(async () => (await shownPhoto(page)).scale, POLL).toBe(2);
    expect(await page.getByTestId("lightbox-zoom").getAttribute("aria-label")).toBe("Zoom out");
    await screenshot(page, "item-lightbox-zoomed-1280");
    await stage.dblclick({ position: { x: 400, y: 300 } });
    await expect.poll(async () => (await shownPhoto(page)).scale, POLL).toBe(1);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(async () => (await shownPhoto(page)).scale, POLL).toBe(2);

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    // Back on the page, which now shows the photo last viewed, focus on the button that opened it, nothing moved.
    expect(await focusedTestId(page)).toBe("view-full-size");
    await viewLink(page, 3).waitFor();
    expect(await page.getByTestId("view-full-size").boundingBox()).toEqual(frame);
    expect(await page.getByTestId("main-image").getAttribute("src")).toBe(images[2]);
    await context.close();
  });

  it("swipes between photos and pinches or double-taps to zoom on a touch screen", async () => {
    const phone = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true });
    const page = await phone.newPage();
    await page.goto(itemPagePath("for-sale", castle));
    await hydrated(page);
    await viewLink(page, 1).tap();
    await dialog(page).waitFor();
    await expect.poll(() => shownPhoto(page), POLL).toEqual({ src: fullSize(images[0]!), scale: 1 });
    const cdp = await phone.newCDPSession(page);
    const box = (await page.getByTestId("lightbox-stage").boundingBox())!;
    const mid: [number, number] = [box.x + box.width / 2, box.y + box.height / 2];

    await touch(cdp, [{ from: [mid[0] + 120, mid[1]], to: [mid[0] - 120, mid[1]] }]);
    await expect.poll(() => counter(page), POLL).toBe(`2 / ${images.length}`);
    await touch(cdp, [{ from: [mid[0] - 120, mid[1]], to: [mid[0] + 120, mid[1]] }]);
    await expect.poll(() => counter(page), POLL).toBe(`1 / ${images.length}`);
    // A short or upward drag is no swipe.
    await touch(cdp, [{ from: [mid[0], mid[1] + 100], to: [mid[0] - 40, mid[1] - 100] }]);
    expect(await counter(page)).toBe(`1 / ${images.length}`);

    // Two fingers apart: zoomed in; a swipe then pans the photo instead of changing it.
    await touch(cdp, [
      { from: [mid[0] - 30, mid[1]], to: [mid[0] - 120, mid[1]] },
      { from: [mid[0] + 30, mid[1]], to: [mid[0] + 120, mid[1]] },
    ]);
    await expect.poll(async () => (await shownPhoto(page)).scale, POLL).toBeGreaterThan(2.5);
    await screenshot(page, "item-lightbox-pinched-375");
    await touch(cdp, [{ from: [mid[0] + 100, mid[1]], to: [mid[0] - 100, mid[1]] }]);
    expect(await counter(page)).toBe(`1 / ${images.length}`);
    // A double tap zooms back out, another zooms in to 2x.
    const tap = async () => touch(cdp, [{ from: mid, to: mid }], 1);
    await tap();
    await tap();
    await expect.poll(async () => (await shownPhoto(page)).scale, POLL).toBe(1);
    await tap();
    await tap();
    await expect.poll(async () => (await shownPhoto(page)).scale, POLL).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Close" }).tap();
    await dialog(page).waitFor({ state: "detached" });
    expect(await focusedTestId(page)).toBe("view-full-size");
    await phone.close();
  });

  it("opens the photo's full-size file when the lightbox's code cannot be loaded (a deploy removed it since the page loaded)", async () => {
    const context = await openAt(browser, 1280);
    const page = await context.newPage();
    await page.route(LIGHTBOX_CHUNK, (route) => route.abort());
    await page.goto(itemPagePath("gallery", castle));
    await hydrated(page);
    await viewLink(page, 1).click();
    await page.waitForURL((url) => url.pathname === fullSize(images[0]!));
    await context.close();
  });
});
