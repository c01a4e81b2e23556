import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { BASE_URL, launch, open, screenshot, keptPage } from "./support/browser";
import { apiItems, cardTitles, detailsPanel, itemByTitle, type ApiItem, POLL } from "./support/catalogue-helpers";
import { SLOTS } from "#workspace/demo/catalogue/slots";
import { isSafeUrl } from "#contract/safe-url";
import { demoSpans, expectedFormatting, shownFormatting } from "./support/site-helpers";

let browser: Browser;
let castle: ApiItem;
beforeAll(async () => {
  browser = await launch();
  castle = await itemByTitle("slots", "Mills Castle Front 5¢");
});
afterAll(async () => {
  await browser?.close();
});

async function crumbs(page: Page) {
  const items = page.getByTestId("breadcrumb").getByRole("listitem");
  const labels = (await items.allTextContents()).map((t) => t.replace("›", "").trim());
  const hrefs = await page
    .getByTestId("breadcrumb")
    .getByRole("link")
    .evaluateAll((els) => els.map((a) => a.getAttribute("href")));
  return { labels, hrefs };
}

/** The page's JSON-LD block of schema.org type `type`. */
async function jsonLd(page: Page, type: string): Promise<Record<string, unknown>> {
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  return blocks.find((block) => block["@type"] === type) ?? {};
}

/** What the page's head says about its address and social card. */
async function headOf(page: Page) {
  const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
  return {
    canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
    url: await meta("og:url"),
    image: await meta("og:image"),
    alt: await meta("og:image:alt"),
  };
}

describe.each(["desktop", "mobile"] as const)("prerendered item pages at %s", (viewport) => {
  it("gallery: breadcrumb, header without price, description, General Information and Slot Machine Details, no contact card", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto(itemPagePath("gallery", castle));
    expect(response?.status()).toBe(200);
    expect(await crumbs(page)).toEqual({
      labels: ["Home", "Gallery", "Slot Machines", "Mills Castle Front 5¢"],
      hrefs: ["/", "/gallery", "/gallery/slots"],
    });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Mills Castle Front 5¢");
    expect(await page.getByTestId("item-manufacturer").textContent()).toBe("Mills Novelty Co.");
    expect(await page.getByTestId("item-year").textContent()).toBe("1933");
    expect(await page.getByTestId("item-price").count()).toBe(0);
    expect(await page.getByTestId("item-description").textContent()).toBe(castle.description);
    const spans = demoSpans(SLOTS.find((i) => i.title === "Mills Castle Front 5¢")!.description);
    const formatting = expectedFormatting(spans, isSafeUrl);
    expect([formatting.bold.length, formatting.italic.length, formatting.links.length].every((n) => n > 0)).toBe(true);
    expect(await shownFormatting(page, "item-description")).toEqual(formatting);
    expect(await detailsPanel(page)).toEqual([
      {
        title: "General Information",
        rows: [
          ["Manufacturer", "Mills Novelty Co."],
          ["Year", "1933"],
          ["Condition", "Restored"],
          ["Category", "Slot Machines"],
        ],
      },
      {
        title: "Slot Machine Details",
        rows: [
          ["Denomination", "5¢"],
          ["Serial Number", "312487"],
          ["Cabinet Type", "Upright"],
          ["Mechanism Type", "Mechanical"],
        ],
      },
    ]);
    expect(await page.getByText("Interested in this item?").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Contact About This Item" }).count()).toBe(0);
    expect(await page.title()).toMatch(/^Mills Castle Front 5¢ \| /);
    await screenshot(page, `item-detail-gallery-${viewport}`);
  });

  it("for sale: price with '$' and grouping, 'Interested in this item?' and 'Contact About This Item'", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto(itemPagePath("for-sale", castle));
    expect(response?.status()).toBe(200);
    expect((await crumbs(page)).labels).toEqual(["Home", "For Sale", "Slot Machines", "Mills Castle Front 5¢"]);
    expect((await crumbs(page)).hrefs).toEqual(["/", "/for-sale", "/for-sale/slots"]);
    expect(await page.getByTestId("item-price").textContent()).toBe("$4,850");
    const contact = page.getByTestId("contact-card");
    expect(await contact.getByRole("heading").textContent()).toBe("Interested in this item?");
    expect(await contact.getByRole("link").textContent()).toBe("Contact About This Item");
    expect((await detailsPanel(page))[0]!.rows).toContainEqual(["Price", "$4,850"]);
    expect(await page.title()).toMatch(/^Mills Castle Front 5¢ For Sale \| /);
    await screenshot(page, `item-detail-for-sale-${viewport}`);
  });
});

describe("item page details", () => {
  it("shows only the fields that have a value (no year, no serial number)", async () => {
    const duke = await itemByTitle("slots", "Jennings Little Duke 1¢");
    expect([duke.year, (duke as unknown as { serialNumber: unknown }).serialNumber]).toEqual([null, null]);
    const page = await keptPage(browser, "desktop");
    await page.goto(itemPagePath("gallery", duke));
    expect(await page.getByTestId("item-year").count()).toBe(0);
    const [general, specific] = await detailsPanel(page);
    expect(general!.rows.map(([label]) => label)).toEqual(["Manufacturer", "Condition", "Category"]);
    expect(specific!.title).toBe("Slot Machine Details");
    expect(specific!.rows.map(([label]) => label)).toEqual(["Denomination", "Cabinet Type", "Mechanism Type"]);
    await screenshot(page, "item-detail-missing-fields-desktop");
  });

  it("lists a part's compatible models and prices a for-sale part without a year", async () => {
    const card = await itemByTitle("parts", "Jennings Chief Award Card");
    const page = await keptPage(browser, "desktop");
    await page.goto(itemPagePath("for-sale", card));
    expect(await page.getByTestId("item-price").textContent()).toBe("$18");
    expect(await detailsPanel(page)).toEqual([
      {
        title: "General Information",
        rows: [
          ["Manufacturer", "Reproduction (our workshop)"],
          ["Condition", "Excellent"],
          ["Category", "Machine Parts"],
          ["Price", "$18"],
        ],
      },
      {
        title: "Part Details",
        rows: [
          ["Part Type", "Award Card"],
          ["Part Number", "AC-JEN-05"],
          ["Compatible Models", "Jennings Standard Chief, Jennings Sun Chief"],
        ],
      },
    ]);
  });

  it("carries JSON-LD (a Product with a USD Offer when for sale, none otherwise; its BreadcrumbList), one canonical address and a raster og:image", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    const forSaleUrl = `${BASE_URL}${itemPagePath("for-sale", castle)}`;
    await page.goto(itemPagePath("for-sale", castle));
    const product = await jsonLd(page, "Product");
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Mills Castle Front 5¢",
      sku: castle.id,
      url: forSaleUrl,
      brand: { name: "Mills Novelty Co." },
    });
    expect(product.offers).toMatchObject({ "@type": "Offer", price: 4850, priceCurrency: "USD", url: forSaleUrl });
    expect(product.image).toEqual([castle.mainImageUrl, ...castle.additionalImageUrls].map((u) => new URL(u!, BASE_URL).href));
    expect(await jsonLd(page, "BreadcrumbList")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${BASE_URL}/` },
        { "@type": "ListItem", position: 2, name: "For Sale", item: `${BASE_URL}/for-sale` },
        { "@type": "ListItem", position: 3, name: "Slot Machines", item: `${BASE_URL}/for-sale/slots` },
        { "@type": "ListItem", position: 4, name: "Mills Castle Front 5¢" },
      ],
    });
    // The photo's JPEG social copy (social sites show no SVG), described by the item's title.
    const social = new URL(castle.mainImageUrl!.replace(/^\/media\//, "/media/og/"), BASE_URL).href;
    expect(await headOf(page)).toEqual({ canonical: forSaleUrl, url: forSaleUrl, image: social, alt: "Mills Castle Front 5¢" });
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("product");
    const card = await fetch(social);
    expect([card.status, card.headers.get("content-type")]).toEqual([200, expect.stringMatching(/^image\/(jpeg|png)$/)]);

    // Its gallery page, while it is for sale, names the for-sale page; its breadcrumb data follows its own trail.
    await page.goto(itemPagePath("gallery", castle));
    expect(await headOf(page)).toMatchObject({ canonical: forSaleUrl, url: forSaleUrl });
    expect((await jsonLd(page, "Product")).url).toBe(forSaleUrl);
    expect((await jsonLd(page, "BreadcrumbList")).itemListElement).toContainEqual({
      "@type": "ListItem",
      position: 2,
      name: "Gallery",
      item: `${BASE_URL}/gallery`,
    });

    const sunChief = await itemByTitle("slots", "Jennings Sun Chief 5¢");
    await page.goto(itemPagePath("gallery", sunChief));
    const notForSale = await jsonLd(page, "Product");
    expect(notForSale).toMatchObject({ "@type": "Product", name: "Jennings Sun Chief 5¢" });
    expect(notForSale.offers).toBeUndefined();
    expect((await headOf(page)).canonical).toBe(`${BASE_URL}${itemPagePath("gallery", sunChief)}`);
    await context.close();
  });
});

describe("Back to the listing", () => {
  it("returns to the gallery page the card was opened from", async () => {
    const slots = await apiItems("slots", "/gallery");
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/slots?page=3");
    await expect
      .poll(() => cardTitles(page), POLL)
      .toEqual(slots.slice(4, 6).map((i) => `${i.title}${i.year === null ? "" : ` (${i.year})`}`));
    await page.getByTestId("item-card").nth(1).getByRole("link", { name: "View Details" }).click();
    await page.waitForURL((url) => url.pathname === itemPagePath("gallery", slots[5]!) && url.search === "?page=3");
    const back = page.getByTestId("back-button");
    await expect.poll(() => back.getAttribute("href"), POLL).toBe("/gallery/slots?page=3");
    await back.click();
    await page.waitForURL((url) => url.pathname === "/gallery/slots" && url.search === "?page=3");
    await expect.poll(() => page.getByTestId("pager-top").locator('[aria-current="page"]').textContent(), POLL).toBe("3");
    await expect
      .poll(() => cardTitles(page), POLL)
      .toEqual(slots.slice(4, 6).map((i) => `${i.title}${i.year === null ? "" : ` (${i.year})`}`));
  });

  it("follows `from` and `page`, and defaults to the page's own listing at page 1", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto(`${itemPagePath("gallery", castle)}?from=for-sale&page=2`);
    await expect.poll(() => page.getByTestId("back-button").getAttribute("href"), POLL).toBe("/for-sale/slots?page=2");
    await page.goto(itemPagePath("for-sale", castle));
    await expect.poll(() => page.getByTestId("back-button").getAttribute("href"), POLL).toBe("/for-sale/slots?page=1");
    await page.getByTestId("back-button").click();
    await page.waitForURL((url) => url.pathname === "/for-sale/slots");
    expect(await page.getByTestId("page-title").textContent()).toBe("Slot Machines For Sale");
  });
});
