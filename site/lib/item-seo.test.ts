import { describe, expect, it } from "vitest";
import { productJsonLd } from "./item-seo";
import { normalizeItem } from "./normalize";

describe("Product JSON-LD", () => {
  it("has an Offer in USD when the item is for sale", () => {
    const ld = productJsonLd(normalizeItem({ id: "a", category: "slots", title: "Mills", manufacturer: "Mills", year: 1933, forSale: true, price: 4250 }), "http://x/for-sale/slots/a", ["http://x/i.png"]);
    expect(ld).toMatchObject({ "@type": "Product", name: "Mills", brand: { name: "Mills" }, offers: { "@type": "Offer", price: 4250, priceCurrency: "USD" } });
  });

  it("has no Offer otherwise", () => {
    expect(productJsonLd(normalizeItem({ id: "b", category: "toys", forSale: false, price: 10 }), "u", [])).not.toHaveProperty("offers");
    expect(productJsonLd(normalizeItem({ id: "c", category: "toys", forSale: true, price: null }), "u", [])).not.toHaveProperty("offers");
  });
});
