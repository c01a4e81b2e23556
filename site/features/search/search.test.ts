import { describe, expect, it } from "vitest";
import { SearchResultSchema } from "#contract/search";
import { hitHref, resultCountText } from "./search";

describe("search results", () => {
  it("links a hit to /for-sale when for sale, else to /gallery", () => {
    const id = "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
    expect(hitHref({ category: "slots", id, title: "Mills Castle Front 5¢", forSale: true })).toBe(
      "/for-sale/slots/mills-castle-front-5-1a2b3c4d5e6f4a8b9c0d1e2f3a4b5c6d",
    );
    expect(hitHref({ category: "toys", id, title: null, forSale: false })).toBe("/gallery/toys/1a2b3c4d5e6f4a8b9c0d1e2f3a4b5c6d");
  });

  it("words the count for the live region", () => {
    expect(resultCountText(0, "zz")).toBe('No items match "zz".');
    expect(resultCountText(1, "mills")).toBe('1 item matches "mills".');
    expect(resultCountText(12, "mills")).toBe('12 items match "mills".');
  });

  it("refuses an answer whose snippet is not plain segments", () => {
    const hit = { id: "1", category: "slots", title: "T", year: null, manufacturer: null, price: null, forSale: false, mainImageUrl: null };
    const body = (snippet: unknown) => ({
      query: "t",
      ignoredTerms: [],
      items: [{ ...hit, snippet }],
      total: 1,
      pagination: { page: 1, limit: 10, totalPages: 1, totalItems: 1 },
    });
    expect(SearchResultSchema.safeParse(body([{ text: "T", match: true }])).success).toBe(true);
    expect(SearchResultSchema.safeParse(body("<b>T</b>")).success).toBe(false);
  });
});
