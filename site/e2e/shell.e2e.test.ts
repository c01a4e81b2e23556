import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { IMAGES, SITE_CONTENT } from "#workspace/demo/content/site-content";
import { BASE_URL, keptPage, launch, screenshot } from "./support/browser";
import { isSafeUrl } from "#contract/safe-url";
import { demoRow, demoSpans, demoText, expectedFormatting, shownFormatting, VIEWPORT_NAMES } from "./support/site-helpers";

const phone = demoText(demoRow(SITE_CONTENT, "Key", "phone_contact_info").Content);
const email = demoText(demoRow(SITE_CONTENT, "Key", "email_contact_info").Content);
const titleMarkdown = demoText(demoRow(SITE_CONTENT, "Key", "header_title_markdown").Content);
const bannerText = demoText(demoRow(SITE_CONTENT, "Key", "banner_message").Content);
const bannerSpans = demoSpans(demoRow(SITE_CONTENT, "Key", "banner_message").Content);
const logoAlt = demoText(demoRow(IMAGES, "Key", "header_main_image")["Alt Text"]);
const TAGLINE = "Preserving gambling history one machine at a time.";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function home(viewport: (typeof VIEWPORT_NAMES)[number]): Promise<Page> {
  const page = await keptPage(browser, viewport);
  await page.goto("/", { waitUntil: "load" });
  return page;
}

describe.each(VIEWPORT_NAMES)("page shell at %s", (viewport) => {
  it("shows the managed phone and email as tel: and mailto: links in the header", async () => {
    const page = await home(viewport);
    const header = page.getByTestId("site-header");
    const phoneLink = header.getByRole("link", { name: phone }).filter({ visible: true });
    const emailLink = header.getByRole("link", { name: email }).filter({ visible: true });
    expect(await phoneLink.count()).toBe(1);
    expect(await emailLink.count()).toBe(1);
    expect(await phoneLink.getAttribute("href")).toBe(`tel:${phone.replace(/[^\d+]/g, "")}`);
    expect(await emailLink.getAttribute("href")).toBe(`mailto:${email}`);
    await screenshot(page, `shell-header-${viewport}`);
  });

  it("shows the logo, loaded, with its alt text and width and height in its intrinsic proportions", async () => {
    const page = await home(viewport);
    const logo = page.getByTestId("header-logo");
    expect(await logo.isVisible()).toBe(true);
    expect(await logo.getAttribute("alt")).toBe(logoAlt);
    const image = await logo.evaluate((img: HTMLImageElement) => ({
      complete: img.complete,
      natural: [img.naturalWidth, img.naturalHeight],
      attrs: [img.getAttribute("width"), img.getAttribute("height")],
    }));
    expect(image.complete).toBe(true);
    expect(image.natural[0]).toBeGreaterThan(0);
    // With a srcset the natural size is the chosen copy's at its density; the attributes keep the proportions.
    const [width, height] = image.attrs.map(Number);
    expect(Math.abs(width! / height! - image.natural[0]! / image.natural[1]!)).toBeLessThan(0.02);
  });

  it("renders the header title from the Markdown of header_title_markdown", async () => {
    const page = await home(viewport);
    const title = page.getByTestId("header-title");
    const [, bold] = /\*\*(.+?)\*\*/.exec(titleMarkdown)!;
    const [, italic] = /_(.+?)_/.exec(titleMarkdown)!;
    expect(await title.locator("strong").textContent()).toBe(bold);
    expect(await title.locator("em").textContent()).toBe(italic);
    expect(await title.locator("p, div, h1, h2").count()).toBe(0);
    expect((await title.textContent())?.trim()).toBe(`${bold} ${italic}`);
    expect(await title.evaluate((el) => el.closest("a")?.getAttribute("href"))).toBe("/");
    expect(await page.title()).toMatch(new RegExp(`\\| ${bold} ${italic}$`));
  });

  it("shows the managed rich-text banner as it is, below the header", async () => {
    const page = await home(viewport);
    const banner = page.getByTestId("site-banner");
    expect((await banner.textContent())?.trim()).toBe(bannerText);
    expect(await banner.textContent()).not.toContain("WEBSITE UNDER CONSTRUCTION");
    const [headerBox, bannerBox] = [await page.getByTestId("site-header").boundingBox(), await banner.boundingBox()];
    expect(bannerBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height - 1);
  });

  it("keeps the banner's formatting: its bold words as <strong> and its link to /for-sale as a working link", async () => {
    const page = await home(viewport);
    const expected = expectedFormatting(bannerSpans, isSafeUrl);
    expect(expected.bold.length).toBeGreaterThan(0);
    expect(expected.links).toContainEqual([expect.any(String), "/for-sale"]);
    expect(await shownFormatting(page, "site-banner")).toEqual({ ...expected, italic: [] });
    await screenshot(page, `shell-banner-rich-${viewport}`);
    const [text] = expected.links.find(([, href]) => href === "/for-sale")!;
    await page.getByTestId("site-banner").getByRole("link", { name: text! }).click();
    await page.waitForURL((url) => url.pathname === "/for-sale");
  });

  it("has a footer with the quick links, the current year, the contact details and the tagline", async () => {
    const page = await home(viewport);
    const footer = page.getByTestId("site-footer");
    const quick = footer.getByRole("navigation", { name: "Quick links" }).getByRole("link");
    expect(await quick.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/",
      "/for-sale",
      "/gallery",
      "/services",
    ]);
    expect(await footer.getByTestId("footer-year").textContent()).toBe(String(new Date().getFullYear()));
    const contact = footer.getByTestId("footer-contact");
    expect(await contact.getByRole("link", { name: phone }).getAttribute("href")).toBe(`tel:${phone.replace(/[^\d+]/g, "")}`);
    expect(await contact.getByRole("link", { name: email }).getAttribute("href")).toBe(`mailto:${email}`);
    expect(await contact.getByText("Illinois, USA", { exact: true }).isVisible()).toBe(true);
    expect(await footer.getByTestId("footer-tagline").textContent()).toBe(TAGLINE);
    await footer.scrollIntoViewIfNeeded();
    await screenshot(page, `shell-footer-${viewport}`);
  });

  it("applies the background texture from /api/images/background-texture to the page", async () => {
    const api = (await (await fetch(`${BASE_URL}/api/images/background-texture`)).json()) as { imageUrl: string } | { imageUrl: string }[];
    const url = (Array.isArray(api) ? api[0]! : api).imageUrl;
    const page = await home(viewport);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
    expect(background).toBe(`url("${new URL(url, BASE_URL).toString()}")`);
    const loaded = await page.evaluate(
      (src) =>
        new Promise<number>((resolve) =>
          Object.assign(new Image(), {
            onload: function (this: HTMLImageElement) {
              resolve(this.naturalWidth);
            },
            onerror: () => resolve(0),
            src,
          }),
        ),
      url,
    );
    expect(loaded).toBeGreaterThan(0);
  });
});

describe("header contact bar on narrow phones", () => {
  it.each([320, 360])("at %i px keeps the phone number and the email each on one line", async (width) => {
    const page = await keptPage(browser, { width, height: 740 });
    await page.goto("/");
    const header = page.getByTestId("site-header");
    for (const name of [phone, email]) {
      const link = header.getByRole("link", { name }).filter({ visible: true });
      const lines = await link.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
      expect(lines, name).toBe(1);
    }
    await screenshot(page, `shell-header-${width}`);
  });
});
