import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, itemMetaDescription, itemPageTitle, productJsonLd } from "./item-seo";
import { canonicalItemPath } from "../../lib/seo";
import { testItem } from "../../test/fixtures";

describe("Product JSON-LD", () => {
  it("has an Offer in the dealer's currency when the item is for sale", () => {
    const ld = productJsonLd(
      testItem({ id: "a", category: "slots", title: "Mills", manufacturer: "Mills", year: 1933, forSale: true, price: 4250 }),
      "http://x/for-sale/slots/a",
      ["http://x/i.png"],
      "USD",
    );
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Mills",
      brand: { name: "Mills" },
      offers: { "@type": "Offer", price: 4250, priceCurrency: "USD" },
    });
    const euro = productJsonLd(testItem({ id: "e", category: "slots", forSale: true, price: 900 }), "u", [], "EUR");
    expect(euro).toMatchObject({ offers: { price: 900, priceCurrency: "EUR" } });
  });

  it("has no Offer otherwise", () => {
    expect(productJsonLd(testItem({ id: "b", category: "toys", forSale: false, price: 10 }), "u", [], "USD")).not.toHaveProperty("offers");
    expect(productJsonLd(testItem({ id: "c", category: "toys", forSale: true, price: null }), "u", [], "USD")).not.toHaveProperty("offers");
  });
});

describe("item page title and description", () => {
  it("adds ' For Sale' to the title under for-sale only", () => {
    const item = testItem({ id: "a", category: "slots", title: "Mills Castle Front 5¢" });
    expect(itemPageTitle(item, "for-sale")).toBe("Mills Castle Front 5¢ For Sale");
    expect(itemPageTitle(item, "gallery")).toBe("Mills Castle Front 5¢");
    expect(itemPageTitle(testItem({ id: "b", category: "slots" }), "gallery")).toBe("Untitled item");
  });

  it("describes an item by its description, else by title, category and year", () => {
    expect(itemMetaDescription(testItem({ id: "a", category: "slots", title: "Mills", description: "  A   restored\nfront. " }))).toBe(
      "A restored front.",
    );
    expect(itemMetaDescription(testItem({ id: "b", category: "arcades", title: "Baffle Ball", year: 1931 }))).toBe(
      "Baffle Ball — Arcade Machines, 1931.",
    );
    expect(itemMetaDescription(testItem({ id: "c", category: "toys" }))).toBe("Untitled item — Vintage Toys.");
  });
});

describe("one address per item", () => {
  it("is the for-sale page while the item is for sale, else the gallery page, at its slug and id", () => {
    const id = "0f0e0d0c-0b0a-4908-8706-050403020100";
    const title = "Mills Hi-Top 1931";
    expect(canonicalItemPath(testItem({ id, title, category: "slots", forSale: true }))).toBe(
      "/for-sale/slots/mills-hi-top-1931-0f0e0d0c0b0a49088706050403020100",
    );
    expect(canonicalItemPath(testItem({ id, title, category: "slots", forSale: false }))).toBe(
      "/gallery/slots/mills-hi-top-1931-0f0e0d0c0b0a49088706050403020100",
    );
    expect(canonicalItemPath(testItem({ id, title: null, category: "toys" }))).toBe("/gallery/toys/0f0e0d0c0b0a49088706050403020100");
  });
});

describe("BreadcrumbList JSON-LD", () => {
  it("follows the page's visible trail with absolute addresses, ending with the item's title", () => {
    const item = testItem({ id: "a", category: "trade-stimulators", title: "Puck <Tale> & Co", forSale: true });
    expect(breadcrumbJsonLd(item, "for-sale", "https://shop.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
        { "@type": "ListItem", position: 2, name: "For Sale", item: "https://shop.example/for-sale" },
        { "@type": "ListItem", position: 3, name: "Trade Stimulators", item: "https://shop.example/for-sale/trade-stimulators" },
        { "@type": "ListItem", position: 4, name: "Puck <Tale> & Co" },
      ],
    });
    expect(breadcrumbJsonLd(testItem({ id: "b", category: "slots" }), "gallery", "https://shop.example").itemListElement).toEqual([
      expect.objectContaining({ name: "Home" }),
      expect.objectContaining({ name: "Gallery", item: "https://shop.example/gallery" }),
      expect.objectContaining({ name: "Slot Machines", item: "https://shop.example/gallery/slots" }),
      { "@type": "ListItem", position: 4, name: "Untitled item" },
    ]);
  });
});
