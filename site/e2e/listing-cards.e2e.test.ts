import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Locator } from "playwright-core";
import { launch, screenshot, keptPage } from "./support/browser";
import { apiItems, itemByTitle, type ApiItem } from "./support/catalogue-helpers";
import { SLOTS } from "#workspace/demo/catalogue/slots";
import { isSafeUrl } from "#contract/safe-url";
import { demoSpans, expectedFormatting, shownFormatting } from "./support/site-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not visible");
  return b;
}

/** Lines a clamped description shows, and whether text was cut. */
async function clampOf(description: Locator) {
  return description.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      clamp: style.webkitLineClamp,
      lines: Math.round(el.clientHeight / parseFloat(style.lineHeight)),
      cut: el.scrollHeight > el.clientHeight + 1,
    };
  });
}

describe("item cards", () => {
  it("sit two to a row at 1280 px and one to a row at 375 px", async () => {
    for (const [viewport, columns] of [
      ["desktop", 2],
      ["mobile", 1],
    ] as const) {
      const page = await keptPage(browser, viewport);
      await page.goto("/gallery/slots");
      const cards = page.getByTestId("item-grid").getByTestId("item-card");
      expect(await cards.count()).toBe(2);
      const [a, b] = [await box(cards.nth(0)), await box(cards.nth(1))];
      if (columns === 2) {
        expect(b.y).toBe(a.y);
        expect(b.x).toBeGreaterThan(a.x + a.width);
      } else {
        expect(b.x).toBe(a.x);
        expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
      }
      await screenshot(page, `listing-cards-grid-${viewport}`);
    }
  });

  it("show image, title with year, manufacturer, a 4-line description and View Details to /for-sale/{c}/{slug}-{id}?page=1", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto("/for-sale/slots");
    const bally = await itemByTitle("slots", "Bally Money Honey");
    const card = page.getByTestId("item-card").filter({ hasText: "Bally Money Honey" });
    expect((await card.getByRole("heading", { level: 2 }).textContent())?.trim()).toBe("Bally Money Honey (1964)");
    expect(await card.getByText("Bally", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole("img").getAttribute("src")).toBe(bally.mainImageUrl);
    expect(await card.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await clampOf(card.locator("p.line-clamp-4"))).toEqual({ clamp: "4", lines: 4, cut: true });
    expect(await card.getByTestId("price-badge").textContent()).toBe("$3,300");
    const details = card.getByRole("link", { name: "View Details" });
    expect(await details.textContent()).toBe("View Details");
    expect(await details.getAttribute("href")).toBe(`${itemPagePath("for-sale", bally)}?page=1`);
    await screenshot(page, "listing-cards-for-sale-slots-mobile");
    await details.click();
    await page.waitForURL((url) => url.pathname === itemPagePath("for-sale", bally) && url.search === "?page=1");
    expect(await page.getByTestId("page-title").textContent()).toBe("Bally Money Honey");
  });

  it("keep the description's bold words and safe links on the card and the item page; a javascript: link shows as text, not a link", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/for-sale/slots");
    const spans = demoSpans(SLOTS.find((i) => i.title === "Bally Money Honey")!.description);
    const hostile = spans.find((s) => s.link?.startsWith("javascript:"))!;
    const formatting = expectedFormatting(spans, isSafeUrl);
    expect(hostile).toBeDefined();
    expect(formatting.bold.length * formatting.links.length).toBeGreaterThan(0);
    const card = page.getByTestId("item-card").filter({ hasText: "Bally Money Honey" });
    const index = await page
      .getByTestId("item-card")
      .evaluateAll((cards) => cards.findIndex((c) => c.textContent?.includes("Bally Money Honey")));
    expect(await shownFormatting(page, "card-description", index)).toEqual(formatting);
    expect(await clampOf(card.getByTestId("card-description"))).toEqual({ clamp: "4", lines: 4, cut: true });
    const notALink = async (scope: Locator) =>
      scope.getByText(hostile.text).evaluate((el) => ({ link: el.closest("a") !== null, text: el.textContent }));
    expect(await notALink(card.getByTestId("card-description"))).toEqual({ link: false, text: expect.stringContaining(hostile.text) });
    expect(await page.locator('a[href^="javascript" i]').count()).toBe(0);
    await card.getByRole("link", { name: "View Details" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/for-sale/slots/"));
    expect(await shownFormatting(page, "item-description")).toEqual(formatting);
    expect(await notALink(page.getByTestId("item-description"))).toEqual({ link: false, text: expect.stringContaining(hostile.text) });
    expect(await page.locator('a[href^="javascript" i]').count()).toBe(0);
    await screenshot(page, "listing-cards-rich-description-item-page");
  });

  it("render items without a year or a price: no '( )', and 'Not for sale' on the badge", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/for-sale/parts");
    const [first, second] = (await apiItems("parts", "/for-sale")).slice(0, 2) as [ApiItem, ApiItem];
    expect([first.title, first.year, first.price]).toEqual(["Caille Clock and Escapement", 1927, null]);
    expect([second.title, second.year, second.price]).toEqual(["Jennings Chief Award Card", null, 18]);
    const cards = page.getByTestId("item-card");
    expect((await cards.nth(0).getByRole("heading").textContent())?.trim()).toBe("Caille Clock and Escapement (1927)");
    expect(await cards.nth(0).getByTestId("price-badge").textContent()).toBe("Not for sale");
    expect((await cards.nth(1).getByRole("heading").textContent())?.trim()).toBe("Jennings Chief Award Card");
    expect(await cards.nth(1).getByTestId("price-badge").textContent()).toBe("$18");
    await screenshot(page, "listing-cards-no-year-no-price-desktop");
  });

  it("keep whole dollars on badges and have no badge in the gallery", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/for-sale/arcades");
    const items = (await apiItems("arcades", "/for-sale")).slice(0, 2);
    const badges = await page.getByTestId("price-badge").allTextContents();
    expect(badges).toEqual(items.map((i) => `$${i.price!.toLocaleString("en-US", { maximumFractionDigits: 0 })}`));
    expect(badges[0]).toBe("$14,500");
    await page.goto("/gallery/arcades");
    expect(await page.getByTestId("item-card").count()).toBe(2);
    expect(await page.getByTestId("price-badge").count()).toBe(0);
  });
});

describe("filter panel", () => {
  it("is absent from gallery, for-sale and category listings (switched off)", async () => {
    const page = await keptPage(browser, "desktop");
    for (const path of ["/gallery/slots", "/for-sale/slots", "/slots"]) {
      await page.goto(path);
      await page.getByTestId("item-grid").waitFor();
      expect(await page.getByTestId("filter-panel").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Filters" }).count()).toBe(0);
    }
  });
});
