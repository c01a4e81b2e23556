import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { BASE_URL, launch, open, screenshot, keptPage } from "./support/browser";
import { apiItems, cardTitles, hydrated, pagerSlots, type ApiItem, POLL } from "./support/catalogue-helpers";
import { pageHtml } from "./support/site-helpers";

let browser: Browser;
let slots: ApiItem[];
beforeAll(async () => {
  browser = await launch();
  slots = await apiItems("slots", "/gallery");
});
afterAll(async () => {
  await browser?.close();
});

/** The card titles page `n` of a listing shows (2 per page). */
function titlesOf(items: ApiItem[], n: number): string[] {
  return items.slice((n - 1) * 2, n * 2).map((i) => `${i.title}${i.year === null ? "" : ` (${i.year})`}`);
}

async function expectPage(page: Page, items: ApiItem[], n: number, window: string[]): Promise<void> {
  await expect.poll(() => cardTitles(page), POLL).toEqual(titlesOf(items, n));
  expect(await pagerSlots(page, "top")).toEqual(window);
  expect(await pagerSlots(page, "bottom")).toEqual(window);
  for (const position of ["top", "bottom"]) {
    expect(await page.getByTestId(`pager-${position}`).locator('[aria-current="page"]').textContent()).toBe(String(n));
  }
}

describe("pager windows on the slots gallery (15 items, 8 pages)", () => {
  it("page 1 shows 1 2 … 8 above and below the grid, Previous disabled", async () => {
    expect(slots.length).toBe(15);
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/slots");
    await expectPage(page, slots, 1, ["1", "2", "…", "8"]);
    const top = page.getByTestId("pager-top");
    expect(await top.getByRole("link", { name: "Previous" }).isDisabled()).toBe(true);
    expect(await top.getByRole("link", { name: "Next" }).isEnabled()).toBe(true);
    await screenshot(page, "listing-pager-page-1-desktop");
  });

  it("?page=3 on load shows page 3 with 1 2 3 4 … 8, and its cards link with page=3", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/slots?page=3");
    await expectPage(page, slots, 3, ["1", "2", "3", "4", "…", "8"]);
    const hrefs = await page.getByTestId("view-details").evaluateAll((els) => els.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(slots.slice(4, 6).map((i) => `${itemPagePath("gallery", i)}?page=3`));
    await screenshot(page, "listing-pager-page-3-desktop");
  });

  it("page 5 shows 1 … 4 5 6 … 8; the last page shows 1 … 7 8, one card, Next disabled", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto("/gallery/slots?page=5");
    await expectPage(page, slots, 5, ["1", "…", "4", "5", "6", "…", "8"]);
    await screenshot(page, "listing-pager-page-5-mobile");
    await hydrated(page);
    await page.getByTestId("pager-top").getByRole("link", { name: "Page 8" }).click();
    await expectPage(page, slots, 8, ["1", "…", "7", "8"]);
    expect(await page.getByTestId("item-card").count()).toBe(1);
    expect(await page.getByTestId("pager-bottom").getByRole("link", { name: "Next" }).isDisabled()).toBe(true);
  });

  it("in the gallery a page change is written to the address, other query values kept, and Back in history returns", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/slots?category=slots");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId("pager-top").getByRole("link", { name: "Next" }).click();
    await expectPage(page, slots, 2, ["1", "2", "3", "…", "8"]);
    expect(new URL(page.url()).search).toBe("?category=slots&page=2");
    await page.getByTestId("pager-bottom").getByRole("link", { name: "Page 3" }).click();
    await expectPage(page, slots, 3, ["1", "2", "3", "4", "…", "8"]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("3");
    await page.goBack();
    await expectPage(page, slots, 2, ["1", "2", "3", "…", "8"]);
    await page.getByTestId("pager-top").getByRole("link", { name: "Previous" }).click();
    await expectPage(page, slots, 1, ["1", "2", "…", "8"]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("1");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it("a page change scrolls smoothly back to the top", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto("/gallery/slots");
    await hydrated(page);
    const next = page.getByTestId("pager-bottom").getByRole("link", { name: "Next" });
    await next.scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => scrollY);
    expect(start).toBeGreaterThan(500);
    await page.evaluate(() => {
      const samples: number[] = [];
      (window as unknown as { samples: number[] }).samples = samples;
      const tick = () => {
        samples.push(scrollY);
        if (scrollY > 0 || samples.length < 5) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await next.click();
    await page.waitForFunction(() => scrollY === 0);
    const samples = await page.evaluate(() => (window as unknown as { samples: number[] }).samples);
    const between = [...new Set(samples.filter((y) => y > 0 && y < start))];
    expect(between.length, `scroll positions seen: ${samples.join(", ")}`).toBeGreaterThanOrEqual(3);
    await expectPage(page, slots, 2, ["1", "2", "3", "…", "8"]);
  });
});

describe("scripts a page change needs", () => {
  /** The listing's own scripts and React's, as the build names their files. */
  const LISTING_CODE = /\/_astro\/(ListingGrid|react|item-model)\./;

  it("come with the first press: page 1 loads none of them, and Next pressed before they are in turns the page in place", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    await page.goto("/gallery/slots");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((s) => LISTING_CODE.test(s))).toEqual([]);
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByTestId("pager-top").getByRole("link", { name: "Next" }).click();
    await expectPage(page, slots, 2, ["1", "2", "3", "…", "8"]);
    expect(new URL(page.url()).search).toBe("?page=2");
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(scripts.filter((s) => LISTING_CODE.test(s)).length).toBeGreaterThan(0);
    await context.close();
  });

  it("load the page asked for as its link would when a deploy has removed the parser's code since the page loaded", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    let refused = 0;
    // The first request for the parser finds it gone, as after a deploy; the page then loaded has the current code.
    await page.route(/\/_astro\/item-model\.[^/]*\.js$/, (route) => (refused++ === 0 ? route.fulfill({ status: 404 }) : route.continue()));
    await page.goto("/gallery/slots");
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByTestId("pager-top").getByRole("link", { name: "Next" }).click();
    await expectPage(page, slots, 2, ["1", "2", "3", "…", "8"]);
    expect(new URL(page.url()).search).toBe("?page=2");
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    expect(refused).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});

describe("pager links", () => {
  it("are links to ?page=n in the prerendered page, for crawlers and visitors without JavaScript; Previous on page 1 is not", async () => {
    const html = await pageHtml("/gallery/slots");
    const nav = /<nav aria-label="Pagination \(top\)"[\s\S]*?<\/nav>/.exec(html)![0];
    expect([...nav.matchAll(/<a\b[^>]*?href="([^"]*)"/g)].map((m) => m[1])).toEqual(["?page=1", "?page=2", "?page=8", "?page=2"]);
    expect(nav).toMatch(/<a\b[^>]*aria-disabled="true"[^>]*>.*?Previous/);
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/gallery/slots");
    expect(await page.getByTestId("pager-top").getByRole("link", { name: "Previous" }).isDisabled()).toBe(true);
    await page.getByTestId("pager-bottom").getByRole("link", { name: "Page 8" }).click();
    await page.waitForURL((url) => url.search === "?page=8");
    await context.close();
  });

  it("keep the address's other query values once the listing runs", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/for-sale/slots?category=slots&page=3");
    await hydrated(page);
    const top = page.getByTestId("pager-top");
    await expect.poll(() => top.getByRole("link", { name: "Next" }).getAttribute("href"), POLL).toBe("?category=slots&page=4");
    expect(await top.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("?category=slots&page=2");
    expect(await top.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("?category=slots&page=1");
  });

  it("fit one row at 375 px on every page of the slots gallery (8 pages)", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto("/gallery/slots");
    await hydrated(page);
    for (let n = 1; n <= 8; n++) {
      await expect.poll(() => page.getByTestId("pager-top").locator('[aria-current="page"]').textContent(), POLL).toBe(String(n));
      for (const position of ["top", "bottom"]) {
        const rows = await page.getByTestId(`pager-${position}`).evaluate(
          (nav) =>
            new Set(
              [...nav.children].map((child) => {
                const r = child.getBoundingClientRect();
                return Math.round((r.top + r.bottom) / 2);
              }),
            ).size,
        );
        expect(rows, `page ${n}, ${position} pager`).toBe(1);
      }
      if (n === 4) await screenshot(page, "listing-pager-page-4-mobile");
      if (n < 8) await page.getByTestId("pager-top").getByRole("link", { name: "Next" }).click();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});

describe("for-sale and short listings", () => {
  it("/for-sale/slots (5 pages) shows every number, reads ?page on load and leaves the address alone", async () => {
    const forSale = await apiItems("slots", "/for-sale");
    const all = ["1", "2", "3", "4", "5"];
    const page = await keptPage(browser, "desktop");
    await page.goto("/for-sale/slots");
    await expectPage(page, forSale, 1, all);
    await hydrated(page);
    await page.getByTestId("pager-top").getByRole("link", { name: "Next" }).click();
    await expectPage(page, forSale, 2, all);
    expect(page.url()).toMatch(/\/for-sale\/slots$/);
    const hrefs = await page.getByTestId("view-details").evaluateAll((els) => els.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(forSale.slice(2, 4).map((i) => `${itemPagePath("for-sale", i)}?page=2`));
    await page.goto("/for-sale/slots?page=3");
    await expectPage(page, forSale, 3, all);
    await hydrated(page);
    await page.getByTestId("pager-bottom").getByRole("link", { name: "Page 5" }).click();
    await expectPage(page, forSale, 5, all);
    expect(new URL(page.url()).search).toBe("?page=3");
    await screenshot(page, "listing-pager-for-sale-desktop");
  });

  it("/gallery/arcades (7 items) shows pages 1 to 4", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/arcades");
    await expectPage(page, await apiItems("arcades", "/gallery"), 1, ["1", "2", "3", "4"]);
  });
});
