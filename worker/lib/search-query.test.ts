import { describe, expect, it } from "vitest";
import { canonicalSearchQuery, normaliseSearchText, searchQuerySchema } from "./search-query";

const parse = (query: Record<string, string>) => searchQuerySchema.parse(query);

describe("normaliseSearchText", () => {
  it("turns control characters and lone surrogates into spaces and collapses whitespace", () => {
    expect(normaliseSearchText("a\u0000b\u0007c\u007fd\u0085e\u009ff")).toBe("a b c d e f");
    expect(normaliseSearchText("x\ud800y\udfffz")).toBe("x y z");
    expect(normaliseSearchText(" \t mills \n\u00a0 castle\u2003")).toBe("mills castle");
  });

  it("composes to NFC", () => {
    expect(normaliseSearchText("Cafe\u0301")).toBe("Caf\u00e9");
  });
});

describe("searchQuerySchema", () => {
  it("answers the words searched, lowercase and once each, and applies the defaults", () => {
    expect(parse({ q: "  Mills   CASTLE mills " })).toMatchObject({ query: "mills castle", ignoredTerms: [], page: 1, limit: 10 });
  });

  it("lists the words past ten terms as ignored", () => {
    const q = parse({ q: "a b c d e f g h i j k l k" });
    expect(q.query).toBe("a b c d e f g h i j");
    expect(q.ignoredTerms).toEqual(["k", "l"]);
  });

  it("refuses a blank (or control characters only), over-long q, an unknown category, a bad forSale and a limit over 50", () => {
    for (const query of [
      {},
      { q: "  " },
      { q: "\u0000\u0001" },
      { q: "x".repeat(201) },
      { q: "a", category: "cars" },
      { q: "a", forSale: "yes" },
      { q: "a", limit: "51" },
      { q: "a", page: "0" },
    ]) {
      expect(searchQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(parse({ q: "x".repeat(200), forSale: "false", category: "slots", limit: "50" })).toMatchObject({
      forSale: false,
      category: "slots",
      limit: 50,
    });
  });

  it("gives one cache key per distinct search, whatever its case, spacing and repeats", () => {
    const key = canonicalSearchQuery(parse({ q: " a  b", forSale: "true" }));
    expect(key).toBe("query=a+b&page=1&limit=10&forSale=true");
    expect(canonicalSearchQuery(parse({ q: "A\u0000B a", forSale: "true" }))).toBe(key);
    expect(canonicalSearchQuery(parse({ q: "a b c d e f g h i j k" }))).toBe("query=a+b+c+d+e+f+g+h+i+j&page=1&limit=10&ignored=k");
  });
});
