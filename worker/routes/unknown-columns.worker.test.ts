import { beforeEach, describe, expect, it } from "vitest";
import { createTable } from "../test/fixtures";
import { freshCache, get } from "../test/http";

// The operator renamed or removed properties: the tables below lack some contract columns.
beforeEach(async () => {
  await freshCache();
  await createTable("Slot Machines", { title: "TEXT", maker: "TEXT", year: "REAL", for_sale: "INTEGER" }, [
    { title: "Bell", maker: "Mills", year: 1931, for_sale: 1 },
    { title: "Chief", maker: "Jennings", year: 1946, for_sale: 0 },
  ]);
  await createTable("Site Content", { key: "TEXT", body_text: "TEXT" }, [{ key: "banner_message", body_text: "renamed" }]);
  await createTable("Posts", { title: "TEXT", section: "TEXT" }, [{ title: "No order", section: "home" }]);
});

describe("missing or renamed columns", () => {
  it("give null item fields instead of failing", async () => {
    const res = await get("/api/collection/slots/gallery?limit=100&sort=year_desc");
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      title: "Chief",
      manufacturer: null,
      price: null,
      condition: null,
      mainImageUrl: null,
      additionalImageUrls: [],
      denomination: null,
    });
  });

  it("give empty filter options and no matches for filters on them", async () => {
    const res = await get(`/api/collection/slots?manufacturers=${encodeURIComponent('["Mills"]')}`);
    expect(res.body.total).toBe(0);
    expect(res.body.filter_options.manufacturers).toEqual([]);
    expect(res.body.filter_options.yearRange).toEqual([1931, 1946]);
  });

  it("leave price sorts ordering by id", async () => {
    const res = await get("/api/collection/slots/for-sale?sort=price_asc");
    expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(["Bell"]);
  });

  it("give null content and posts without order or Markdown", async () => {
    expect((await get("/api/content/banner_message")).body).toMatchObject({ content: null, type: "text", imageUrl: null });
    expect((await get("/api/posts/section/home")).body).toMatchObject([
      { title: "No order", content: "", displayOrder: null, imageUrl: null },
    ]);
  });
});
