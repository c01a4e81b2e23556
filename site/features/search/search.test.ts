import { describe, expect, it } from "vitest";
import { SearchResultSchema } from "#contract/search";
import { hitHref, resultCountText, searchApiPath, searchHref, searchStateFrom } from "./search";

describe("search page state", () => {
  it("reads q, category, forSale and page from the address, ignoring unknown values", () => {
    expect(searchStateFrom("?q=mills+castle&category=parts&forSale=true&page=3")).toEqual({
      q: "mills castle",
      category: "parts",
      forSale: true,
      page: 3,
    });
    expect(searchStateFrom("?q=a&category=cars&forSale=maybe&page=-2")).toEqual({ q: "a", category: null, forSale: null, page: 1 });
    expect(searchStateFrom("")).toEqual({ q: "", category: null, forSale: null, page: 1 });
  });

  it("writes the page's address and the API request for a state", () => {
    const state = { q: "5¢ #A-113", category: "slots" as const, forSale: false, page: 2 };
    expect(searchHref(state)).toBe("/search?q=5%C2%A2+%23A-113&category=slots&forSale=false&page=2");
    expect(searchHref({ ...state, page: 1, category: null, forSale: null })).toBe("/search?q=5%C2%A2+%23A-113");
    expect(searchApiPath(state)).toBe("/api/search?q=5%C2%A2+%23A-113&category=slots&forSale=false&page=2&limit=10");
    expect(searchStateFrom(searchHref(state).slice("/search".length))).toEqual(state);
  });

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
