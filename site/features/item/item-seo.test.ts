import { describe, expect, it } from "vitest";
import { itemMetaDescription, itemPageTitle, productJsonLd } from "./item-seo";
import { normalizeItem } from "../../lib/normalize";

describe("Product JSON-LD", () => {
  it("has an Offer in USD when the item is for sale", () => {
    const ld = productJsonLd(
      normalizeItem({ id: "a", category: "slots", title: "Mills", manufacturer: "Mills", year: 1933, forSale: true, price: 4250 }),
      "http://x/for-sale/slots/a",
      ["http://x/i.png"],
    );
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Mills",
      brand: { name: "Mills" },
      offers: { "@type": "Offer", price: 4250, priceCurrency: "USD" },
    });
  });

  it("has no Offer otherwise", () => {
    expect(productJsonLd(normalizeItem({ id: "b", category: "toys", forSale: false, price: 10 }), "u", [])).not.toHaveProperty("offers");
    expect(productJsonLd(normalizeItem({ id: "c", category: "toys", forSale: true, price: null }), "u", [])).not.toHaveProperty("offers");
  });
});

describe("item page title and description", () => {
  it("adds ' For Sale' to the title under for-sale only", () => {
    const item = normalizeItem({ id: "a", category: "slots", title: "Mills Castle Front 5¢" });
    expect(itemPageTitle(item, "for-sale")).toBe("Mills Castle Front 5¢ For Sale");
    expect(itemPageTitle(item, "gallery")).toBe("Mills Castle Front 5¢");
    expect(itemPageTitle(normalizeItem({ id: "b", category: "slots" }), "gallery")).toBe("Untitled item");
  });

  it("describes an item by its description, else by title, category and year", () => {
    expect(itemMetaDescription(normalizeItem({ id: "a", category: "slots", title: "Mills", description: "  A   restored\nfront. " }))).toBe(
      "A restored front.",
    );
    expect(itemMetaDescription(normalizeItem({ id: "b", category: "arcades", title: "Baffle Ball", year: 1931 }))).toBe(
      "Baffle Ball — Arcade Machines, 1931.",
    );
    expect(itemMetaDescription(normalizeItem({ id: "c", category: "toys" }))).toBe("Untitled item — Vintage Toys.");
  });
});
