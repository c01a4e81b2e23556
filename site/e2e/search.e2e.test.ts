import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { BASE_URL, launch, open, screenshot, keptPage } from "./support/browser";
import { cardTitles, holdRequests, POLL } from "./support/catalogue-helpers";
import { seriousAxeViolations } from "./support/site-helpers";
import { collectVitals, cumulativeLayoutShift, installVitalsObservers } from "../../scripts/lib/vitals-observer.ts";

type Hit = { id: string; category: string; title: string; year: number | null; forSale: boolean; mainImageUrl: string | null };
type Result = { items: Hit[]; total: number; pagination: { totalPages: number } };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The running API's answer for a search. */
async function apiSearch(params: Record<string, string>): Promise<Result> {
  const res = await fetch(`${BASE_URL}/api/search?${new URLSearchParams({ limit: "10", ...params })}`);
  if (!res.ok) throw new Error(`search ${JSON.stringify(params)}: ${res.status}`);
  return (await res.json()) as Result;
}

const shown = (hit: Hit) => `${hit.title}${hit.year === null ? "" : ` (${hit.year})`}`;
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const countText = (page: Page) => page.getByTestId("search-count").textContent();
/** The search page without the answer the worker put first in its <head>: the page as built. */
const withoutInlinedAnswer = (html: string) => html.replace(/<script type="application\/json" id="search-answer"[^>]*>.*?<\/script>/s, "");
/** Waits for the page's script to have read the address into the form (it draws the results and follows the form from then on). */
const started = (page: Page, q: string) => expect.poll(() => page.getByTestId("search-input").inputValue(), POLL).toBe(q);

describe("the header search field", () => {
  it("is on every page at 1280 px: `/` focuses it, Escape clears it, Enter searches", async () => {
    const page = await keptPage(browser, "desktop");
    for (const path of ["/", "/services", "/gallery/slots", "/for-sale"]) {
      await page.goto(path);
      const form = page.getByTestId("header-search");
      expect(await form.isVisible(), path).toBe(true);
      expect(await form.getAttribute("role"), path).toBe("search");
      expect(await page.getByTestId("menu-search").isVisible(), path).toBe(false);
    }
    const field = page.getByRole("searchbox", { name: "Search the catalogue" });
    await page.locator("body").press("/");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.pressSequentially("castle front");
    await field.press("Escape");
    expect(await field.inputValue()).toBe("");
    await field.pressSequentially("castle front");
    await field.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(searchParam(page, "q")).toBe("castle front");
    const expected = await apiSearch({ q: "castle front" });
    await expect.poll(() => cardTitles(page), POLL).toEqual(expected.items.map(shown));
    expect(expected.items[0]!.title).toBe("Mills Castle Front 5¢");
  });

  it("sits in the menu overlay at 375 px; Escape clears it before it closes the menu", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto("/news");
    expect(await page.getByTestId("header-search").isVisible()).toBe(false);
    expect(await page.getByTestId("menu-search").isVisible()).toBe(false);
    await page.getByTestId("menu-button").click();
    const form = page.getByTestId("menu-search");
    await form.waitFor();
    const field = form.getByRole("searchbox", { name: "Search the catalogue" });
    await field.fill("watl");
    await field.press("Escape");
    expect(await field.inputValue()).toBe("");
    expect(await page.getByTestId("side-nav").getAttribute("data-open")).toBe("true");
    await screenshot(page, "search-menu-mobile");
    await field.fill("watl");
    await field.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "watl");
    await expect.poll(() => cardTitles(page), POLL).toEqual((await apiSearch({ q: "watl" })).items.map(shown));
    expect((await cardTitles(page)).some((t) => t.startsWith("Watling Rol-a-Top 5¢"))).toBe(true);
    await screenshot(page, "search-results-mobile");
  });

  it("works without JavaScript as a plain GET form to /search?q=", async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/literature");
    const form = page.getByTestId("header-search");
    expect(await form.getAttribute("action")).toBe("/search");
    expect(await form.getAttribute("method")).toBe("get");
    await form.getByRole("searchbox").fill("mills hi-top");
    await form.getByRole("searchbox").press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(searchParam(page, "q")).toBe("mills hi-top");
    expect(await page.getByTestId("search-noscript").textContent()).toContain("Search results need JavaScript.");
    await context.close();
  });

  it("loads none of the search page's script on other pages", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (req) => req.resourceType() === "script" && scripts.push(new URL(req.url()).pathname));
    await page.goto("/literature", { waitUntil: "networkidle" });
    expect(scripts.filter((s) => /Search(Page|Results)/.test(s))).toEqual([]);
    await page.goto("/search?q=mills", { waitUntil: "networkidle" });
    expect(scripts.some((s) => /SearchPage/.test(s))).toBe(true);
    await context.close();
  });
});

describe.each(["desktop", "mobile"] as const)("the search page at %s", (viewport) => {
  it("follows typing into the address (debounced), highlights matches, and Back returns to the previous search", async () => {
    const page = await keptPage(browser, viewport);
    await page.goto("/search?q=watling");
    await started(page, "watling");
    const expected = await apiSearch({ q: "watling" });
    await expect.poll(() => cardTitles(page), POLL).toEqual(expected.items.map(shown));
    expect(await countText(page)).toBe(`${expected.total} items match "watling".`);
    const marks = await page.getByTestId("search-snippet").first().locator("mark").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toMatch(/^watling/);
    const field = page.getByTestId("search-input");
    await field.fill("");
    await field.pressSequentially("gooseneck", { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get("q") === "gooseneck");
    const gooseneck = await apiSearch({ q: "gooseneck" });
    await expect.poll(() => cardTitles(page), POLL).toEqual(gooseneck.items.map(shown));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("q") === "watling");
    await expect.poll(() => cardTitles(page), POLL).toEqual(expected.items.map(shown));
    expect(await field.inputValue()).toBe("watling");
  });

  it("links each result to its item page: /for-sale when for sale, else /gallery", async () => {
    const page = await keptPage(browser, viewport);
    await page.goto("/search?q=5¢");
    const expected = await apiSearch({ q: "5¢" });
    await expect.poll(() => cardTitles(page), POLL).toEqual(expected.items.map(shown));
    const hrefs = await page.getByTestId("view-details").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(expected.items.map((h) => itemPagePath(h.forSale ? "for-sale" : "gallery", h)));
    expect(expected.items.some((h) => h.forSale) && expected.items.some((h) => !h.forSale)).toBe(true);
    await page.getByTestId("view-details").first().click();
    await page.waitForURL((url) => url.pathname === hrefs[0]);
    expect(await page.getByTestId("page-title").textContent()).toBe(expected.items[0]!.title);
  });

  it("filters by category and for-sale, keeping them in the address", async () => {
    const page = await keptPage(browser, viewport);
    await page.goto("/search?q=mills");
    await started(page, "mills");
    await page.getByTestId("search-category").selectOption("parts");
    await page.waitForURL((url) => url.searchParams.get("category") === "parts");
    const parts = await apiSearch({ q: "mills", category: "parts" });
    expect(parts.items.every((h) => h.category === "parts")).toBe(true);
    await expect.poll(() => cardTitles(page), POLL).toEqual(parts.items.map(shown));
    await page.getByTestId("search-for-sale").selectOption("true");
    await page.waitForURL((url) => url.searchParams.get("forSale") === "true");
    const forSale = await apiSearch({ q: "mills", category: "parts", forSale: "true" });
    await expect.poll(() => cardTitles(page), POLL).toEqual(forSale.items.map(shown));
    await page.reload();
    await expect.poll(() => cardTitles(page), POLL).toEqual(forSale.items.map(shown));
    expect(await page.getByTestId("search-category").inputValue()).toBe("parts");
    expect(await page.getByTestId("search-for-sale").inputValue()).toBe("true");
  });

  it("pages through more than ten results with the pager", async () => {
    let q = "";
    let first: Result | undefined;
    for (const candidate of ["mills", "machine", "original", "restored", "the"]) {
      first = await apiSearch({ q: candidate });
      q = candidate;
      if (first.pagination.totalPages > 1) break;
    }
    if (!first) throw new Error("no search");
    expect(first.pagination.totalPages, q).toBeGreaterThan(1);
    const page = await keptPage(browser, viewport);
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect.poll(() => cardTitles(page), POLL).toEqual(first.items.map(shown));
    await page.getByTestId("pager-bottom").getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    const second = await apiSearch({ q, page: "2" });
    await expect.poll(() => cardTitles(page), POLL).toEqual(second.items.map(shown));
  });

  it("arrives with the answer to its first search: no request for it, the count and first picture shown before the page's script runs", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    const searches: string[] = [];
    page.on("request", (r) => new URL(r.url()).pathname === "/api/search" && searches.push(r.url()));
    const script = await holdRequests(page, (url) => /\/_astro\/SearchPage\.[\w.-]+\.js$/.test(url.pathname));
    // Neither "load" nor "DOMContentLoaded" comes while the page's module script is held.
    const response = await page.goto("/search?q=mills", { waitUntil: "commit" });
    expect(await response!.text()).toMatch(
      /^<!DOCTYPE html><html[^>]*><head><script type="application\/json" id="search-answer" data-path="/i,
    );
    await script.held;
    const first = await apiSearch({ q: "mills", page: "1" });
    const results = page.getByTestId("search-results");
    await expect.poll(() => results.getByRole("status").textContent(), POLL).toBe(`${first.total} items match "mills".`);
    expect(first.items[0]!.mainImageUrl).toMatch(/^\/media\//);
    expect(await page.locator("head link[rel=preload][as=image]").getAttribute("href")).toBe(first.items[0]!.mainImageUrl);
    const picture = results.locator("[data-testid=card-skeleton] img").first();
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0))).toBe(true);
    script.release();
    await page.getByTestId("item-grid").waitFor();
    expect(await countText(page)).toBe(`${first.total} items match "mills".`);
    expect(await cardTitles(page)).toEqual(first.items.map(shown));
    expect(searches).toEqual([]);
    await context.close();
  });

  it("holds the results' place from the first paint (no layout shift), shows the error text on failure, and the empty text", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    await page.addInitScript(installVitalsObservers);
    // The page as built, without the answer the worker inlines: the head script asks the API, held here.
    await page.route("**/search?q=mills", async (route) => {
      const built = await route.fetch();
      await route.fulfill({ response: built, body: withoutInlinedAnswer(await built.text()) });
    });
    const gate = await holdRequests(page, (url) => url.pathname === "/api/search" && url.searchParams.get("q") === "mills");
    await page.goto("/search?q=mills");
    await gate.held;
    const loading = page.getByTestId("search-loading");
    await loading.waitFor();
    expect(await loading.getByTestId("card-skeleton").count()).toBe(2);
    expect(await page.getByTestId("search-results").getAttribute("aria-busy")).toBe("true");
    await screenshot(page, `search-loading-${viewport}`);
    await started(page, "mills");
    gate.release();
    await page.getByTestId("item-grid").waitFor();
    await page
      .getByTestId("item-card")
      .first()
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.decode().catch(() => {}));
    const { shifts } = await page.evaluate(collectVitals);
    expect(cumulativeLayoutShift(shifts), JSON.stringify(shifts)).toBeLessThan(0.05);
    const searches = (url: URL) => url.pathname === "/api/search";
    await page.route(searches, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
    );
    await page.getByTestId("search-input").fill("organ");
    const error = page.getByRole("alert").filter({ hasText: "Error loading items" });
    await error.waitFor();
    expect(await error.textContent()).toBe("Error loading items. Please try again later.");
    expect(await countText(page)).toBe("");
    await page.unroute(searches);
    await page.getByTestId("search-input").fill('zzqx "(*)"');
    const empty = page.getByTestId("search-empty");
    await empty.waitFor();
    expect(await empty.textContent()).toBe('No items match "zzqx "(*)"".');
    expect(await countText(page)).toBe('No items match "zzqx "(*)"".');
    await screenshot(page, `search-empty-${viewport}`);
    await context.close();
  });

  it("is axe-clean with results, with a live region and a labelled search form", async () => {
    const page = await keptPage(browser, viewport);
    await page.goto("/search?q=castle");
    await page.getByTestId("item-grid").waitFor();
    expect(await page.getByRole("status").filter({ hasText: "match" }).count()).toBe(1);
    expect(await page.getByRole("search", { name: "Search page" }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `search-results-${viewport}`);
  });
});
