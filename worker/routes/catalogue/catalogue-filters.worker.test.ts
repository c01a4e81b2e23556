import { beforeEach, describe, expect, it } from "vitest";
import { seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";

const titles = (body: { items: { title: string | null }[] }) => body.items.map((i) => i.title);
const list = async (path: string, params: Record<string, string>) => {
  const res = await get(`${path}?${new URLSearchParams({ limit: "100", ...params })}`);
  expect(res.status).toBe(200);
  return titles(res.body);
};

beforeEach(async () => {
  await freshCache();
  await seedCategory("slots", [
    { title: "A Mills", manufacturer: "Mills", year: 1931, for_sale: 1, denomination: "5¢" },
    { title: "B Caille", manufacturer: "Caille", year: 1905, for_sale: 0, denomination: "1¢" },
    { title: "C Jennings", manufacturer: "Jennings", year: 1946, for_sale: 1, denomination: "25¢" },
    { title: "D Undated", manufacturer: "Mills", year: null, for_sale: 1, denomination: "5¢" },
  ]);
  await seedCategory("arcades", [
    { title: "Mutoscope", game_type: "Viewer", number_of_players: 1, year: 1900 },
    { title: "Strength Tester", game_type: "Strength", number_of_players: 2, year: 1925 },
    { title: "Digger", game_type: "Crane", number_of_players: null, year: null },
  ]);
  await seedCategory("vending", [
    { title: "Gum", product_category: "Gum", type: "Tab" },
    { title: "Peanuts", product_category: "Nuts", type: "Bulk" },
  ]);
  await seedCategory("trade-stimulators", [
    { title: "Puritan", stimulator_type: "Dice" },
    { title: "Cub", stimulator_type: "Wheel" },
  ]);
  await seedCategory("advertising", [
    { title: "Sign", ad_type: "Tin Sign", theme: "Soda" },
    { title: "Clock", ad_type: "Clock", theme: "Tobacco" },
  ]);
  await seedCategory("parts", [
    { title: "Reel strip", part_type: "Reel", compatible_models: '["Mills Bell","Jennings Chief"]' },
    { title: "Coin head", part_type: "Coin Entry", compatible_models: null },
  ]);
});

describe("listing filters", () => {
  it("filters by manufacturers (any of the JSON list)", async () => {
    expect(await list("/api/collection/slots", { manufacturers: '["Mills"]' })).toEqual(["A Mills", "D Undated"]);
    expect(await list("/api/collection/slots", { manufacturers: '["Mills","Jennings"]' })).toEqual(["A Mills", "C Jennings", "D Undated"]);
    expect(await list("/api/collection/slots", { manufacturers: "[]" })).toHaveLength(4);
  });

  it("filters by an inclusive yearRange, leaving undated items out", async () => {
    expect(await list("/api/collection/slots", { yearRange: "[1905,1931]" })).toEqual(["A Mills", "B Caille"]);
  });

  it("filters by denominations", async () => {
    expect(await list("/api/collection/slots", { denominations: '["5¢","1¢"]' })).toEqual(["A Mills", "B Caille", "D Undated"]);
  });

  it("combines filters with the for-sale view", async () => {
    expect(await list("/api/collection/slots/for-sale", { manufacturers: '["Mills","Caille"]', yearRange: "[1900,1950]" })).toEqual([
      "A Mills",
    ]);
  });

  it("filters by gameType, productCategory, stimulatorType, theme, adType and partType", async () => {
    expect(await list("/api/collection/arcades/gallery", { gameType: "Crane" })).toEqual(["Digger"]);
    expect(await list("/api/collection/vending", { productCategory: "Nuts" })).toEqual(["Peanuts"]);
    expect(await list("/api/collection/trade-stimulators", { stimulatorType: "Dice" })).toEqual(["Puritan"]);
    expect(await list("/api/collection/advertising", { theme: "Tobacco" })).toEqual(["Clock"]);
    expect(await list("/api/collection/advertising/gallery", { adType: "Tin Sign" })).toEqual(["Sign"]);
    expect(await list("/api/collection/parts", { partType: "Reel" })).toEqual(["Reel strip"]);
  });

  it("matches nothing for a filter on a field the category does not have", async () => {
    expect(await list("/api/collection/slots", { gameType: "Crane" })).toEqual([]);
  });

  it("takes two lists of 50 values with a year range and every single-value filter (one bound value a list)", async () => {
    const fifty = (prefix: string) =>
      JSON.stringify([...Array.from({ length: 49 }, (_, i) => `${prefix} ${i}`), prefix === "m" ? "Mills" : "5¢"]);
    const params = { manufacturers: fifty("m"), denominations: fifty("d"), yearRange: "[1900,1950]", sort: "year_desc" };
    expect(await list("/api/collection/slots", params)).toEqual(["A Mills"]);
    expect(
      await list("/api/collection/slots/for-sale", {
        ...params,
        gameType: "x",
        theme: "y",
        adType: "z",
        partType: "p",
        productCategory: "q",
        stimulatorType: "s",
      }),
    ).toEqual([]);
  });

  it("ignores blank filter values", async () => {
    expect(await list("/api/collection/slots", { manufacturers: "", gameType: " ", page: "" })).toHaveLength(4);
  });
});

describe("filter_options per category", () => {
  const options = async (category: string) => (await get(`/api/collection/${category}`)).body.filter_options;

  it("offers each category's own filter values as {value, label}", async () => {
    expect((await options("arcades")).additionalFilters.gameTypes).toEqual([
      { value: "Crane", label: "Crane" },
      { value: "Strength", label: "Strength" },
      { value: "Viewer", label: "Viewer" },
    ]);
    expect((await options("vending")).additionalFilters.productCategories).toEqual([
      { value: "Gum", label: "Gum" },
      { value: "Nuts", label: "Nuts" },
    ]);
    expect((await options("trade-stimulators")).additionalFilters.stimulatorTypes).toEqual([
      { value: "Dice", label: "Dice" },
      { value: "Wheel", label: "Wheel" },
    ]);
    expect((await options("advertising")).additionalFilters.adTypes).toEqual([
      { value: "Clock", label: "Clock" },
      { value: "Tin Sign", label: "Tin Sign" },
    ]);
    expect((await options("parts")).additionalFilters.partTypes).toEqual([
      { value: "Coin Entry", label: "Coin Entry" },
      { value: "Reel", label: "Reel" },
    ]);
  });

  it("spans the years present, or 1900 to 2023 when no item has a year", async () => {
    expect((await options("arcades")).yearRange).toEqual([1900, 1925]);
    expect((await options("vending")).yearRange).toEqual([1900, 2023]);
  });

  it("gives empty lists and an empty page for a synced but empty table", async () => {
    await seedCategory("toys", []);
    const res = await get("/api/collection/toys");
    expect(res.body).toEqual({
      items: [],
      pagination: { page: 1, limit: 2, totalPages: 0, totalItems: 0 },
      total: 0,
      filter_options: {
        manufacturers: [],
        yearRange: [1900, 2023],
        denominations: [],
        additionalFilters: { gameTypes: [], productCategories: [], stimulatorTypes: [], adTypes: [], partTypes: [] },
      },
    });
  });
});

describe("category-specific item fields", () => {
  it("parses list fields and keeps numbers as numbers", async () => {
    const parts = (await get("/api/collection/parts?limit=100")).body.items;
    expect(parts.map((p: { compatibleModels: string[] }) => p.compatibleModels)).toEqual([[], ["Mills Bell", "Jennings Chief"]]);
    expect(parts[0]).toMatchObject({ partType: "Coin Entry", partNumber: null });
    const arcades = (await get("/api/collection/arcades?limit=100&sort=name_desc")).body.items;
    expect(arcades[0]).toMatchObject({ title: "Strength Tester", gameType: "Strength", numberOfPlayers: 2, cabinetCondition: null });
    expect(Object.keys(arcades[0])).not.toContain("denomination");
  });
});

describe("listing query errors", () => {
  const cases: [string, string][] = [
    ["page=0", "Invalid page: must be a whole number from 1 to 1000000"],
    ["page=abc", "Invalid page: must be a whole number from 1 to 1000000"],
    ["page=1.5", "Invalid page: must be a whole number from 1 to 1000000"],
    ["page=1e3", "Invalid page: must be a whole number from 1 to 1000000"],
    ["page=0x10", "Invalid page: must be a whole number from 1 to 1000000"],
    ["page=-1", "Invalid page: must be a whole number from 1 to 1000000"],
    ["page=99999999999", "Invalid page: must be a whole number from 1 to 1000000"],
    ["limit=0", "Invalid limit: must be 2 or 100"],
    ["limit=101", "Invalid limit: must be 2 or 100"],
    ["limit=10", "Invalid limit: must be 2 or 100"],
    ["manufacturers=Mills", "Invalid manufacturers: must be a JSON list of strings"],
    ["manufacturers=%7B%22a%22%3A1%7D", "Invalid manufacturers: must be a JSON list of strings"],
    ["denominations=%5B5%5D", "Invalid denominations.0: Invalid input: expected string, received number"],
    ["yearRange=1900-1950", "Invalid yearRange: must be a JSON [min, max] pair of years"],
    ["yearRange=%5B1900%5D", "Invalid yearRange: must be a JSON [min, max] pair of years"],
    ["yearRange=%5B1950%2C1900%5D", "Invalid yearRange: must not have min above max"],
  ];
  it.each(cases)("answers 400 for %s", async (query, error) => {
    for (const view of ["", "/gallery", "/for-sale"]) {
      const res = await get(`/api/collection/slots${view}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    }
  });

  it("answers 404 for an unknown category in every view", async () => {
    for (const path of ["/api/collection/pinball", "/api/collection/pinball/gallery", "/api/collection/pinball/for-sale"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Unknown category: pinball" });
    }
  });
});
