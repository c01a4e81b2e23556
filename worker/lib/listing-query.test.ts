import { describe, expect, it } from "vitest";
import { canonicalListingQuery, isPastLastPage, listingQuerySchema } from "./listing-query";

const parse = (view: "all" | "gallery" | "for-sale", query: Record<string, string>) => listingQuerySchema(view).safeParse(query);
const firstIssue = (view: "all" | "gallery" | "for-sale", query: Record<string, string>) => {
  const result = parse(view, query);
  return result.success ? null : [result.error.issues[0]!.path.join("."), result.error.issues[0]!.message];
};

describe("listingQuerySchema", () => {
  it("defaults to page 1, limit 2, name_asc and no filters", () => {
    expect(parse("all", {})).toEqual({ success: true, data: { page: 1, limit: 2, sort: "name_asc" } });
  });

  it("parses numbers, JSON lists (deduplicated and sorted) and the year range", () => {
    const result = parse("for-sale", {
      page: "3",
      limit: "100",
      sort: "price_desc",
      manufacturers: '["Mills","Caille","Mills"]',
      yearRange: "[1900,1950]",
      denominations: '["5¢"]',
      theme: "Soda",
    });
    expect(result.data).toEqual({
      page: 3,
      limit: 100,
      sort: "price_desc",
      manufacturers: ["Caille", "Mills"],
      yearRange: [1900, 1950],
      denominations: ["5¢"],
      theme: "Soda",
    });
  });

  it("treats blank values and empty lists as absent", () => {
    expect(parse("all", { page: "", manufacturers: "[]", gameType: "  ", denominations: '[""]' }).data).toEqual({
      page: 1,
      limit: 2,
      sort: "name_asc",
    });
  });

  it("allows price sorts only for for-sale", () => {
    expect(firstIssue("gallery", { sort: "price_asc" })).toEqual(["sort", "must be one of name_asc, name_desc, year_asc, year_desc"]);
    expect(parse("for-sale", { sort: "price_asc" }).success).toBe(true);
  });

  it.each([
    [{ page: "0" }, ["page", "must be a whole number from 1 to 1000000"]],
    [{ limit: "101" }, ["limit", "must be 2 or 100"]],
    [{ limit: "2.5" }, ["limit", "must be 2 or 100"]],
    [{ limit: "1" }, ["limit", "must be 2 or 100"]],
    [{ limit: "10" }, ["limit", "must be 2 or 100"]],
    [{ limit: "02" }, ["limit", "must be 2 or 100"]],
    [{ manufacturers: "Mills" }, ["manufacturers", "must be a JSON list of strings"]],
    [{ manufacturers: '"Mills"' }, ["manufacturers", "must be a JSON list of strings"]],
    [{ yearRange: "[1900]" }, ["yearRange", "must be a JSON [min, max] pair of years"]],
    [{ yearRange: "[1900.5, 1950]" }, ["yearRange.0", "Invalid input: expected int, received number"]],
    [{ yearRange: "[1950,1900]" }, ["yearRange", "must not have min above max"]],
    [{ theme: "x".repeat(201) }, ["theme", "must be at most 200 characters"]],
  ])("rejects %j", (query, issue) => {
    expect(firstIssue("all", query)).toEqual(issue);
  });
});

describe("canonicalListingQuery", () => {
  it("writes equal queries identically, whatever their order and spelling", () => {
    const a = listingQuerySchema("all").parse({ manufacturers: '["B","A"]', sort: "year_desc", page: "2", gameType: "Crane" });
    const b = listingQuerySchema("all").parse({
      gameType: "Crane",
      page: "2",
      sort: "year_desc",
      manufacturers: '["A","B","A"]',
      limit: "2",
      theme: "",
    });
    expect(canonicalListingQuery(a)).toBe(canonicalListingQuery(b));
    expect(canonicalListingQuery(a)).toBe("page=2&limit=2&sort=year_desc&manufacturers=%5B%22A%22%2C%22B%22%5D&gameType=Crane");
  });

  it("tells different queries apart", () => {
    const base = listingQuerySchema("all").parse({});
    expect(canonicalListingQuery(base)).toBe("page=1&limit=2&sort=name_asc");
    expect(canonicalListingQuery({ ...base, yearRange: [1900, 1950] })).toBe("page=1&limit=2&sort=name_asc&yearRange=%5B1900%2C1950%5D");
  });
});

describe("isPastLastPage", () => {
  it("is true only for a page after the last one, page 1 of an empty listing excepted", () => {
    expect(isPastLastPage(3, 3)).toBe(false);
    expect(isPastLastPage(4, 3)).toBe(true);
    expect(isPastLastPage(1, 0)).toBe(false);
    expect(isPastLastPage(2, 0)).toBe(true);
  });
});
