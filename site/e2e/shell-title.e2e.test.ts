/**
 * The managed site title with characters HTML escapes (`&`, `<`, quotes) and an emoji: edited in the demo workspace,
 * synced and rebuilt, it must read the same in the header, the footer, `<title>`, OpenGraph and JSON-LD (escaped
 * exactly once); afterAll puts the demo title back the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { PAGE_HEADERS, SITE_CONTENT } from "#workspace/demo/content/site-content";
import { pageIdFor } from "../../scripts/notion-server/ids.ts";
import { launch, screenshot, keptPage } from "./support/browser";
import { demoRow, demoText, pageHtml, richTextValue, VIEWPORT_NAMES } from "./support/site-helpers";
import { patchNotionPage, syncAndRebuild } from "./support/stack";

const titleId = pageIdFor("Site Content", "header_title_markdown");
const demoTitle = demoText(demoRow(SITE_CONTENT, "Key", "header_title_markdown").Content);
const MARKDOWN = `**Vintage Slot Machines & Arcade Collectibles** <1950 "Bob's" 🎰`;
const TEXT = `Vintage Slot Machines & Arcade Collectibles <1950 "Bob's" 🎰`;
const SLOW = 480_000;
let browser: Browser;
let edited = false;

beforeAll(async () => {
  browser = await launch();
  edited = true;
  await patchNotionPage(titleId, { properties: { Content: richTextValue(MARKDOWN) } });
  await syncAndRebuild("Site Content", "the edited site title", async () => (await pageHtml("/")).includes("Arcade Collectibles"));
}, SLOW);

afterAll(async () => {
  await browser?.close();
  if (!edited) return;
  await patchNotionPage(titleId, { properties: { Content: richTextValue(demoTitle) } });
  await syncAndRebuild("Site Content", "the demo site title again", async () => !(await pageHtml("/")).includes("Bob"));
}, SLOW);

describe("a site title with &, <, quotes and an emoji", () => {
  it("is escaped exactly once in the served HTML", async () => {
    const html = await pageHtml("/");
    expect(html).not.toContain("&amp;amp;");
    expect(html).not.toContain("&amp;lt;");
    expect(html).toContain("<strong>Vintage Slot Machines &amp; Arcade Collectibles</strong>");
  });

  it.each(VIEWPORT_NAMES)("reads the same in the header, footer, <title>, OpenGraph and JSON-LD at %s", async (viewport) => {
    const page = await keptPage(browser, viewport);
    await page.goto("/");
    expect(await page.getByTestId("header-title").textContent()).toBe(TEXT);
    expect(await page.getByTestId("header-title").locator("strong").textContent()).toBe("Vintage Slot Machines & Arcade Collectibles");
    const footer = page.getByTestId("site-footer");
    expect(await footer.locator("p").first().textContent()).toBe(TEXT);
    const year = new Date().getFullYear();
    expect(await footer.getByText(/All rights reserved/).textContent()).toBe(`© ${year} ${TEXT}. All rights reserved.`);
    const homeTitle = demoRow(PAGE_HEADERS, "Page Id", "home").Title;
    expect(await page.title()).toBe(`${homeTitle} | ${TEXT}`);
    expect(await page.locator('meta[property="og:site_name"]').getAttribute("content")).toBe(TEXT);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
      "@type": string;
      name: string;
    };
    expect(jsonLd).toMatchObject({ "@type": "WebSite", name: TEXT });
    await screenshot(page, `shell-title-entities-${viewport}`);
  });

  it("names the site once in a content page's <title>", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/services");
    expect(await page.title()).toBe(`${demoRow(PAGE_HEADERS, "Page Id", "services").Title} | ${TEXT}`);
  });
});
