import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { json, type Row, seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";
import { currentCacheKeys } from "../../test/cache-keys";
import { indexCategory } from "../../test/search-index";
import { SearchResultSchema } from "#contract/search";

type Hit = { id: string; title: string; category: string; snippet: { text: string; match: boolean }[] };
type Body = { query: string; items: Hit[]; total: number; pagination: { totalPages: number; totalItems: number } };

let slots: Row[];
let parts: Row[];
const search = (params: Record<string, string>) => get<Body>(`/api/search?${new URLSearchParams(params)}`);
const titles = async (params: Record<string, string>) => (await search(params)).body.items.map((i) => i.title);

beforeEach(async () => {
  await freshCache();
  slots = await seedCategory("slots", [
    {
      title: "Mills Castle Front 5¢",
      manufacturer: "Mills",
      year: 1933,
      for_sale: 1,
      price: 4500,
      denomination: "5¢",
      description: "Turreted cast-aluminium front with gooseneck coin entry.",
      main_image: json(["/media/notion/a/castle.png", "/media/notion/a/2.png"]),
    },
    {
      title: "Watling Rol-a-Top",
      manufacturer: "Watling",
      year: 1935,
      for_sale: 0,
      price: null,
      denomination: "5¢",
      description: "Cascading coin front, embossed with fruit.",
    },
    {
      title: "Jennings Chief",
      manufacturer: "Jennings",
      year: 1946,
      for_sale: 1,
      price: 2500,
      denomination: "25¢",
      description: "Not a castle front, but Jennings & Co. chrome.",
    },
    {
      title: "Caille Détroit",
      manufacturer: "Caillé Brothers",
      year: 1905,
      for_sale: 0,
      price: null,
      denomination: "1¢",
      description: "Upright floor model.",
    },
  ]);
  parts = await seedCategory("parts", [
    {
      title: "Award card",
      manufacturer: "Mills",
      year: 1933,
      for_sale: 1,
      price: 45,
      part_type: "Card",
      part_number: "#A-113",
      compatible_models: json(["Mills Castle Front"]),
    },
    {
      title: "Reel strip set",
      manufacturer: "Jennings",
      year: 1940,
      for_sale: 0,
      price: null,
      part_type: "Reels",
      part_number: "#B-113",
      compatible_models: json(["Jennings Chief"]),
    },
  ]);
  await seedCategory("trade-stimulators", [
    {
      title: "Dice shaker",
      manufacturer: "Unknown",
      year: 1910,
      for_sale: 1,
      price: 900,
      description: "A 5 cent trade stimulator for the cigar counter.",
      stimulator_type: "Dice",
    },
  ]);
  await Promise.all([indexCategory("slots"), indexCategory("parts"), indexCategory("trade-stimulators")]);
});

describe("GET /api/search", () => {
  it("answers the listing card's fields for each hit, with a marked snippet", async () => {
    const res = await search({ q: "gooseneck" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      query: "gooseneck",
      ignoredTerms: [],
      items: [
        {
          id: slots[0]!.id,
          category: "slots",
          title: "Mills Castle Front 5¢",
          year: 1933,
          manufacturer: "Mills",
          price: 4500,
          forSale: true,
          mainImageUrl: "/media/notion/a/castle.png",
          snippet: [
            { text: "Turreted cast-aluminium front with ", match: false },
            { text: "gooseneck", match: true },
            { text: " coin entry.", match: false },
          ],
        },
      ],
      total: 1,
      pagination: { page: 1, limit: 10, totalPages: 1, totalItems: 1 },
    });
  });

  it("ranks title matches first, then other fields", async () => {
    expect(await titles({ q: "castle" })).toEqual(["Mills Castle Front 5¢", "Award card", "Jennings Chief"]);
    expect(await titles({ q: "jennings" })).toEqual(["Jennings Chief", "Reel strip set"]);
  });

  it("requires every word and matches prefixes", async () => {
    expect(await titles({ q: "watl" })).toEqual(["Watling Rol-a-Top"]);
    expect(await titles({ q: "mills cast" })).toEqual(["Mills Castle Front 5¢", "Award card"]);
    expect(await titles({ q: "mills watling" })).toEqual([]);
  });

  it("ignores case and diacritics both ways", async () => {
    expect(await titles({ q: "CAILLE detroit" })).toEqual(["Caille Détroit"]);
    expect(await titles({ q: "Détroît" })).toEqual(["Caille Détroit"]);
    expect(await titles({ q: "caillé" })).toEqual(["Caille Détroit"]);
  });

  it("matches part numbers and denominations as written", async () => {
    expect(await titles({ q: "5¢" })).toEqual(["Mills Castle Front 5¢", "Watling Rol-a-Top"]);
    expect(await titles({ q: "25¢" })).toEqual(["Jennings Chief"]);
    expect(await titles({ q: "#A-113" })).toEqual(["Award card"]);
    expect(await titles({ q: "a-113" })).toEqual(["Award card"]);
    expect(await titles({ q: "Rol-a-Top" })).toEqual(["Watling Rol-a-Top"]);
    expect(await titles({ q: "5 cent" })).toEqual(["Dice shaker"]);
    const card = (await search({ q: "#A-113" })).body.items[0]!;
    expect(
      card.snippet
        .filter((s) => s.match)
        .map((s) => s.text)
        .join(" "),
    ).toContain("A-113");
    const models = (await search({ q: "castle", category: "parts" })).body.items[0]!;
    expect(models.snippet.map((s) => s.text).join("")).toBe("1933 Card #A-113 Mills Castle Front");
  });

  it("filters by category and by for-sale", async () => {
    expect(await titles({ q: "mills", category: "parts" })).toEqual(["Award card"]);
    expect(await titles({ q: "castle", forSale: "true" })).toEqual(["Mills Castle Front 5¢", "Award card", "Jennings Chief"]);
    expect(await titles({ q: "5¢", forSale: "false" })).toEqual(["Watling Rol-a-Top"]);
    expect(await titles({ q: "castle", forSale: "false" })).toEqual([]);
    expect(await titles({ q: "jennings", category: "slots", forSale: "true" })).toEqual(["Jennings Chief"]);
  });

  it("pages with totalPages = ceil(total / limit)", async () => {
    const second = await search({ q: "castle", limit: "2", page: "2" });
    expect(second.body.items.map((i) => i.title)).toEqual(["Jennings Chief"]);
    expect(second.body.total).toBe(3);
    expect(second.body.pagination).toEqual({ page: 2, limit: 2, totalPages: 2, totalItems: 3 });
    expect((await search({ q: "castle", limit: "2", page: "5" })).body).toMatchObject({
      items: [],
      total: 3,
      pagination: { page: 5, limit: 2, totalPages: 2, totalItems: 3 },
    });
  });

  it("treats every FTS5 syntax character and operator as a literal, never an error", async () => {
    const queries = [
      '"',
      '""',
      "*",
      "mills*",
      "(",
      ")",
      "(mills",
      "mills)",
      ":",
      "title:mills",
      "^",
      "^mills",
      "-",
      "-mills",
      "+",
      "{title}",
      "NEAR",
      "NEAR(mills castle)",
      "AND",
      "OR",
      "NOT",
      "mills AND",
      "OR mills",
      "mills NOT",
      '"mills castle',
      'mills"',
      "'",
      "\\",
      "%",
      "_",
      "?",
      ";",
      "--",
      "/*",
      "NEAR/2",
      "mills -castle",
    ];
    for (const q of queries) {
      const res = await search({ q });
      expect(res.status, q).toBe(200);
      expect(SearchResultSchema.safeParse(res.body).success, q).toBe(true);
    }
    expect((await search({ q: "NEAR(mills castle)" })).body.query).toBe("near(mills castle)");
    expect(await titles({ q: "NOT castle" })).toEqual(["Jennings Chief"]);
    expect(await titles({ q: "castle OR watling" })).toEqual([]);
    expect(await titles({ q: '"watling"' })).toEqual(["Watling Rol-a-Top"]);
    expect(await titles({ q: "(watling)" })).toEqual(["Watling Rol-a-Top"]);
    expect(await titles({ q: 'NEAR("castle" "front")' })).toEqual([]);
    expect((await search({ q: '" * ( ) : ^' })).body).toEqual({
      query: "",
      ignoredTerms: [],
      items: [],
      total: 0,
      pagination: { page: 1, limit: 10, totalPages: 0, totalItems: 0 },
    });
  });

  it("answers 400 with a JSON error for bad input", async () => {
    const cases: [string, string][] = [
      ["", "Invalid q: is required"],
      ["q=", "Invalid q: must not be blank"],
      ["q=%20%20", "Invalid q: must not be blank"],
      [`q=${"x".repeat(201)}`, "Invalid q: must be at most 200 characters"],
      ["q=a&category=cars", "Invalid category: must be one of slots, parts, arcades, trade-stimulators, vending, advertising, toys"],
      ["q=a&forSale=yes", "Invalid forSale: must be true or false"],
      ["q=a&limit=51", "Invalid limit: must be a whole number from 1 to 50"],
      ["q=a&page=0", "Invalid page: must be a whole number from 1 to 1000000"],
      ["q=a&page=x", "Invalid page: must be a whole number from 1 to 1000000"],
    ];
    for (const [query, error] of cases) {
      const res = await get(`/api/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error });
    }
    expect((await search({ q: "x".repeat(200) })).status).toBe(200);
  });

  it("is served through the KV cache: MISS, then HIT; a cache clear purges it", async () => {
    const first = await get("/api/search?q=castle");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const second = await get("/api/search?q=%20castle%20&page=1");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.body).toEqual(first.body);
    // Case, repeats and spacing make no other entry.
    expect((await get("/api/search?q=CASTLE%20Castle")).headers.get("X-Cache")).toBe("HIT");
    expect((await currentCacheKeys()).filter((k) => k.startsWith("cache:search:"))).toEqual(["cache:search:query=castle&page=1&limit=10"]);
    await freshCache();
    expect((await get("/api/search?q=castle")).headers.get("X-Cache")).toBe("MISS");
  });
});

describe("GET /api/search before any sync", () => {
  it("finds nothing rather than failing", async () => {
    await env.DB.prepare("DELETE FROM search_index").run();
    expect((await search({ q: "mills" })).body).toMatchObject({ items: [], total: 0 });
    expect(parts).toHaveLength(2);
  });
});
