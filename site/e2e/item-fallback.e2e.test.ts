import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { launch, open, screenshot, keptPage } from "./support/browser";
import { holdRequests, itemByTitle, POLL, type ApiItem } from "./support/catalogue-helpers";
import { seriousAxeViolations } from "./support/site-helpers";

let browser: Browser;
let sunChief: ApiItem;
beforeAll(async () => {
  browser = await launch();
  sunChief = await itemByTitle("slots", "Jennings Sun Chief 5¢");
});
afterAll(async () => {
  await browser?.close();
});

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const DEFAULT_SENTENCE = "Could not find the requested item. It may have been removed or the ID is invalid.";

/** The page's description and OpenGraph title and description, as a link preview or crawler reads them. */
async function pageMeta(page: Page): Promise<{ description: string | null; ogTitle: string | null; ogDescription: string | null }> {
  return page.evaluate(() => {
    const content = (selector: string) => document.querySelector(selector)?.getAttribute("content") ?? null;
    return {
      description: content('meta[name="description"]'),
      ogTitle: content('meta[property="og:title"]'),
      ogDescription: content('meta[property="og:description"]'),
    };
  });
}

async function notFoundCard(page: Page) {
  const card = page.getByTestId("item-not-found");
  await card.waitFor();
  return {
    heading: await card.getByRole("heading", { level: 1 }).textContent(),
    message: await card.getByTestId("item-error").textContent(),
    plain404Visible: await page.getByTestId("not-found").isVisible(),
  };
}

describe.each(["desktop", "mobile"] as const)("item addresses the build did not prerender, at %s", (viewport) => {
  it("an unknown id: status 404, 'Item Not Found', 'Failed to fetch slots item: Not Found', Return to the listing; no serious axe finding", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto(`/gallery/slots/${MISSING_ID}`);
    expect(response?.status()).toBe(404);
    expect(await notFoundCard(page)).toEqual({
      heading: "Item Not Found",
      message: "Failed to fetch slots item: Not Found",
      plain404Visible: false,
    });
    expect(await page.title()).toMatch(/^Item Not Found \| /);
    expect(await pageMeta(page)).toEqual({ description: DEFAULT_SENTENCE, ogTitle: "Item Not Found", ogDescription: DEFAULT_SENTENCE });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `item-fallback-not-found-${viewport}`);
    const back = page.getByRole("link", { name: "Return to Slot Machines" });
    await back.click();
    await page.waitForURL((url) => url.pathname === "/gallery/slots");
    expect(await page.getByTestId("page-title").textContent()).toBe("Slot Machines Gallery");
  });

  it("a known item under for-sale that the build only had in the gallery, by its bare id: redirected to its address, rendered client-side after placeholders; no serious axe finding", async () => {
    expect(sunChief.forSale).toBe(false);
    const context = await open(browser, viewport);
    const page = await context.newPage();
    const gate = await holdRequests(page, (url) => url.pathname === `/api/collection/slots/${sunChief.id}`);
    const response = await page.goto(`/for-sale/slots/${sunChief.id}?page=4`);
    expect(response?.status()).toBe(404);
    expect(
      await response
        ?.request()
        .redirectedFrom()
        ?.response()
        .then((r) => r?.status()),
    ).toBe(301);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${itemPagePath("for-sale", sunChief)}?page=4`);
    await gate.held;
    const loading = page.getByTestId("item-loading");
    await loading.waitFor();
    expect(await loading.locator(".skeleton").count()).toBeGreaterThan(5);
    expect(await page.getByTestId("not-found").isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `item-fallback-loading-${viewport}`);
    gate.release();
    await page.getByTestId("item-detail").waitFor();
    expect(await loading.count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Jennings Sun Chief 5¢");
    const crumbs = (await page.getByTestId("breadcrumb").getByRole("listitem").allTextContents()).map((t) => t.replace("›", "").trim());
    expect(crumbs).toEqual(["Home", "For Sale", "Slot Machines", "Jennings Sun Chief 5¢"]);
    expect(await page.getByTestId("item-manufacturer").textContent()).toBe("Jennings & Co.");
    expect(await page.getByTestId("item-year").textContent()).toBe("1948");
    expect(await page.getByTestId("item-price").textContent()).toBe("Not for sale");
    expect(await page.getByTestId("item-description").textContent()).toBe(sunChief.description);
    expect(await page.getByTestId("contact-card").getByRole("link").textContent()).toBe("Contact About This Item");
    expect(await page.getByTestId("main-image").getAttribute("src")).toBe(sunChief.mainImageUrl);
    expect(await page.getByTestId("back-button").getAttribute("href")).toBe("/for-sale/slots?page=4");
    await expect.poll(() => page.title(), POLL).toMatch(/^Jennings Sun Chief 5¢ For Sale \| /);
    const prerendered = await context.newPage();
    await prerendered.goto(itemPagePath("gallery", sunChief));
    const description = (await pageMeta(prerendered)).description;
    expect(description).toMatch(/^The Sun Chief's light-up front .+…$/);
    expect(await pageMeta(page)).toEqual({ description, ogTitle: "Jennings Sun Chief 5¢ For Sale", ogDescription: description });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `item-fallback-loaded-${viewport}`);
    await context.close();
  });
});

describe("item fallback failures", () => {
  it("an id of no item under for-sale says 'Failed to fetch parts item: Not Found' and returns to the for-sale listing", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto(`/for-sale/parts/a-lost-part-${MISSING_ID.replaceAll("-", "")}`);
    expect((await notFoundCard(page)).message).toBe("Failed to fetch parts item: Not Found");
    expect(await page.getByTestId("return-button").getAttribute("href")).toBe("/for-sale/parts");
  });

  it("a slot machine's id under arcades says \"Category mismatch: expected 'arcades', got 'slots'\" from the real API answer; no serious axe finding", async () => {
    const page = await keptPage(browser, "desktop");
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/collection/arcades/${sunChief.id}`);
    const response = await page.goto(`/gallery/arcades/${sunChief.id}`);
    expect(response?.status()).toBe(404);
    expect(await (await answer).json()).toMatchObject({ id: sunChief.id, category: "slots" });
    expect(await notFoundCard(page)).toEqual({
      heading: "Item Not Found",
      message: "Category mismatch: expected 'arcades', got 'slots'",
      plain404Visible: false,
    });
    expect(await page.getByRole("link", { name: "Return to Arcade Machines" }).getAttribute("href")).toBe("/gallery/arcades");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "item-fallback-mismatch-desktop");
  });

  it("a request that never gets an answer shows the default sentence", async () => {
    const context = await open(browser, "mobile");
    const page = await context.newPage();
    await page.route(
      (url) => url.pathname === `/api/collection/toys/${MISSING_ID}`,
      (route) => route.abort("connectionreset"),
    );
    await page.goto(`/gallery/toys/${MISSING_ID}`);
    expect((await notFoundCard(page)).message).toBe(DEFAULT_SENTENCE);
    expect(await page.getByRole("link", { name: "Return to Vintage Toys" }).getAttribute("href")).toBe("/gallery/toys");
    await context.close();
  });

  it("other unknown paths keep the plain 404 card and never ask the API", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/collection")) apiCalls.push(request.url());
    });
    for (const path of [
      "/gallery/robots/1234",
      "/for-sale/slots/a/b",
      "/shop/slots/1234",
      "/gallery/slots/%20",
      "/for-sale/parts/not-an-id",
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.waitForLoadState("networkidle");
      const card = page.getByTestId("not-found");
      expect(await card.getByRole("heading", { level: 1 }).textContent()).toBe("404 Page Not Found");
      expect(await card.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
      expect(await page.getByTestId("item-loading").isVisible()).toBe(false);
      expect(await page.getByTestId("item-not-found").count()).toBe(0);
    }
    expect(apiCalls).toEqual([]);
    await context.close();
  });
});
