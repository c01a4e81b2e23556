import { describe, expect, it } from "vitest";
import { searchApiPath, searchHref, searchStateFrom } from "./search-address.ts";

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
});
