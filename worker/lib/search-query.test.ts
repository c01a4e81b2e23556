import { describe, expect, it } from "vitest";
import { canonicalSearchQuery, matchExpression, searchQuerySchema } from "./search-query";

describe("matchExpression", () => {
  it("quotes every word as a prefix term, all words required", () => {
    expect(matchExpression("mills castle")).toBe('"mills"* AND "castle"*');
  });

  it("keeps FTS5 syntax characters and operators literal inside quoted strings", () => {
    expect(matchExpression('NEAR(a b) "x" c* ^d e:f AND OR NOT')).toBe(
      '"NEAR(a"* AND "b)"* AND """x"""* AND "c*"* AND "^d"* AND "e:f"* AND "AND"* AND "OR"* AND "NOT"*',
    );
  });

  it("matches a word with a code symbol as written in the codes column, and as a phrase when it has several tokens", () => {
    expect(matchExpression("5¢")).toBe('codes : "5\ue012"*');
    expect(matchExpression("#A-113")).toBe('(codes : "\ue010A\ue011113"* OR "#A-113"*)');
  });

  it("drops words with nothing searchable, giving null when none is left", () => {
    expect(matchExpression('" * ( ) : ^')).toBeNull();
    expect(matchExpression("watl ()")).toBe('"watl"*');
  });

  it("ignores private-use characters typed by the visitor (they are the index's own encoding)", () => {
    expect(matchExpression("ab\ue012")).toBe('"ab"*');
  });
});

describe("searchQuerySchema", () => {
  it("collapses whitespace and applies the defaults", () => {
    expect(searchQuerySchema.parse({ q: "  mills   castle " })).toEqual({ q: "mills castle", page: 1, limit: 10 });
  });

  it("refuses a blank or over-long q, an unknown category, a bad forSale and a limit over 50", () => {
    for (const query of [
      {},
      { q: "  " },
      { q: "x".repeat(201) },
      { q: "a", category: "cars" },
      { q: "a", forSale: "yes" },
      { q: "a", limit: "51" },
      { q: "a", page: "0" },
    ]) {
      expect(searchQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(searchQuerySchema.parse({ q: "x".repeat(200), forSale: "false", category: "slots", limit: "50" })).toMatchObject({
      forSale: false,
      category: "slots",
      limit: 50,
    });
  });

  it("gives one cache key per distinct search", () => {
    expect(canonicalSearchQuery(searchQuerySchema.parse({ q: " a  b", forSale: "true" }))).toBe("q=a+b&page=1&limit=10&forSale=true");
  });
});
