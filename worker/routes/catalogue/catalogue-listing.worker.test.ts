import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { json, type Row, seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";

let slots: Row[];
const titles = (body: { items: { title: string | null }[] }) => body.items.map((i) => i.title);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

beforeEach(async () => {
  await freshCache();
  slots = await seedCategory("slots", [
    {
      title: "Mills Liberty Bell",
      manufacturer: "Mills",
      year: 1931,
      for_sale: 1,
      price: 4500,
      denomination: "5¢",
      main_image: json(["/media/notion/a/main.jpg"]),
      additional_images: json(["/media/notion/b/1.jpg", "https://cdn.example.com/2.jpg"]),
      description: "Three-reel bell",
      condition: "Restored",
      serial_number: "SN-1",
      cabinet_type: "Oak",
      mechanism_type: "Mechanical",
    },
    { title: "caille Detroit", manufacturer: "Caille", year: 1905, for_sale: 0, price: null, denomination: "1¢" },
    { title: "Jennings Chief", manufacturer: "Jennings", year: 1946, for_sale: 1, price: 2500, denomination: "25¢" },
    { title: "Watling Rol-a-Top", manufacturer: "Watling", year: 1931, for_sale: 1, price: null, denomination: "5¢" },
    { title: null, manufacturer: null, year: null, for_sale: 0, price: null, denomination: null },
    { title: "Mills Bursting Cherry", manufacturer: "Mills", year: 1938, for_sale: 1, price: 3200, denomination: "10¢" },
  ]);
});

describe("GET /api/collection/:category (every item)", () => {
  it("returns the first page of 2 by name with pagination, total and filter_options", async () => {
    const res = await get("/api/collection/slots");
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["caille Detroit", "Jennings Chief"]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, totalPages: 3, totalItems: 6 });
    expect(res.body.total).toBe(6);
    expect(res.body.filter_options).toEqual({
      manufacturers: ["Caille", "Jennings", "Mills", "Watling"],
      yearRange: [1905, 1946],
      denominations: ["10¢", "1¢", "25¢", "5¢"],
      additionalFilters: { gameTypes: [], productCategories: [], stimulatorTypes: [], adTypes: [], partTypes: [] },
    });
  });

  it("maps every field of an item, parsing file lists and the For Sale checkbox", async () => {
    const res = await get(`/api/collection/slots?${q({ manufacturers: '["Mills"]', sort: "year_asc" })}`);
    expect(res.body.items.slice(0, 1)).toEqual([
      {
        id: slots[0]!.id,
        category: "slots",
        title: "Mills Liberty Bell",
        description: "Three-reel bell",
        descriptionRichText: [
          {
            type: "text",
            plain_text: "Three-reel bell",
            href: null,
            annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
          },
        ],
        manufacturer: "Mills",
        year: 1931,
        mainImageUrl: "/media/notion/a/main.jpg",
        additionalImageUrls: ["/media/notion/b/1.jpg", "https://cdn.example.com/2.jpg"],
        forSale: true,
        price: 4500,
        condition: "Restored",
        denomination: "5¢",
        serialNumber: "SN-1",
        cabinetType: "Oak",
        mechanismType: "Mechanical",
      },
    ]);
  });

  it("pages with totalPages = ceil(total / limit), and answers a page past the end without caching it", async () => {
    expect(titles((await get("/api/collection/slots?page=3")).body)).toEqual(["Watling Rol-a-Top", null]);
    const all = await get("/api/collection/slots?limit=100");
    expect(all.body.pagination).toEqual({ page: 1, limit: 100, totalPages: 1, totalItems: 6 });
    expect(all.body.items).toHaveLength(6);
    const keysBefore = (await env.CACHE.list()).keys.length;
    for (const n of [4, 9, 1_000_000]) {
      const past = await get(`/api/collection/slots?page=${n}`);
      expect(past.status).toBe(200);
      expect(past.headers.get("x-cache")).toBe("BYPASS");
      expect(past.body.items).toEqual([]);
      expect(past.body.pagination).toEqual({ page: n, limit: 2, totalPages: 3, totalItems: 6 });
    }
    expect((await get("/api/collection/slots/gallery?page=2&limit=100")).headers.get("x-cache")).toBe("BYPASS");
    expect((await env.CACHE.list()).keys.length).toBe(keysBefore);
  });

  it("serves the same listing at /gallery", async () => {
    const plain = await get("/api/collection/slots?limit=100");
    const gallery = await get("/api/collection/slots/gallery?limit=100");
    expect(gallery.status).toBe(200);
    expect(gallery.body).toEqual(plain.body);
  });
});

describe("sorting", () => {
  const sorted = async (sort: string, view = "gallery") => titles((await get(`/api/collection/slots/${view}?limit=100&sort=${sort}`)).body);

  it("sorts by name case-insensitively, untitled items last both ways", async () => {
    expect(await sorted("name_asc")).toEqual([
      "caille Detroit",
      "Jennings Chief",
      "Mills Bursting Cherry",
      "Mills Liberty Bell",
      "Watling Rol-a-Top",
      null,
    ]);
    expect(await sorted("name_desc")).toEqual([
      "Watling Rol-a-Top",
      "Mills Liberty Bell",
      "Mills Bursting Cherry",
      "Jennings Chief",
      "caille Detroit",
      null,
    ]);
  });

  it("sorts by year with ties broken by id and undated items last", async () => {
    expect(await sorted("year_asc")).toEqual([
      "caille Detroit",
      "Mills Liberty Bell",
      "Watling Rol-a-Top",
      "Mills Bursting Cherry",
      "Jennings Chief",
      null,
    ]);
    expect(await sorted("year_desc")).toEqual([
      "Jennings Chief",
      "Mills Bursting Cherry",
      "Mills Liberty Bell",
      "Watling Rol-a-Top",
      "caille Detroit",
      null,
    ]);
  });

  it("sorts for-sale items by price, unpriced ones last", async () => {
    expect(await sorted("price_asc", "for-sale")).toEqual([
      "Jennings Chief",
      "Mills Bursting Cherry",
      "Mills Liberty Bell",
      "Watling Rol-a-Top",
    ]);
    expect(await sorted("price_desc", "for-sale")).toEqual([
      "Mills Liberty Bell",
      "Mills Bursting Cherry",
      "Jennings Chief",
      "Watling Rol-a-Top",
    ]);
  });

  it("refuses price sorts outside the for-sale view and unknown sorts", async () => {
    for (const path of [
      "/api/collection/slots/gallery?sort=price_asc",
      "/api/collection/slots?sort=price_desc",
      "/api/collection/slots?sort=newest",
    ]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Invalid sort: must be one of name_asc, name_desc, year_asc, year_desc" });
    }
    const forSale = await get("/api/collection/slots/for-sale?sort=cheapest");
    expect(forSale.body).toEqual({ error: "Invalid sort: must be one of name_asc, name_desc, year_asc, year_desc, price_asc, price_desc" });
  });
});

describe("GET /api/collection/:category/for-sale", () => {
  it("lists only items marked For Sale, with filter_options from those items", async () => {
    const res = await get("/api/collection/slots/for-sale?limit=100");
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["Jennings Chief", "Mills Bursting Cherry", "Mills Liberty Bell", "Watling Rol-a-Top"]);
    expect(res.body.total).toBe(4);
    expect(res.body.filter_options.manufacturers).toEqual(["Jennings", "Mills", "Watling"]);
    expect(res.body.filter_options.yearRange).toEqual([1931, 1946]);
    expect(res.body.items.every((i: { forSale: boolean }) => i.forSale)).toBe(true);
  });
});
