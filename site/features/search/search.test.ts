import { describe, expect, it } from "vitest";
import { SearchResultSchema } from "#contract/search";
import { hitHref, resultCountText } from "./search";

describe("search results", () => {
  it("links a hit to /for-sale when for sale, else to /gallery", () => {
    expect(hitHref({ category: "slots", id: "a-b", forSale: true })).toBe("/for-sale/slots/a-b");
    expect(hitHref({ category: "toys", id: "c", forSale: false })).toBe("/gallery/toys/c");
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
