import { describe, expect, it } from "vitest";
import { testItem } from "../../test/fixtures";
import { itemEntries, sitemapXml } from "./site-map";

describe("the sitemap", () => {
  it("lists each item once, at its for-sale address while it is for sale (else its gallery one), with its own last edit time", () => {
    const items = [
      testItem({ id: "a1", category: "slots", forSale: true, lastEditedTime: "2025-02-04T03:00:00.000Z" }),
      testItem({ id: "b2", category: "slots", forSale: false, lastEditedTime: "2024-12-31T23:59:59+01:00" }),
      testItem({ id: "c3", category: "toys", lastEditedTime: null }),
      testItem({ id: "d4", category: "toys", lastEditedTime: "not a time" }),
    ];
    expect(itemEntries(items)).toEqual([
      { path: "/for-sale/slots/a1", lastmod: "2025-02-04T03:00:00.000Z" },
      { path: "/gallery/slots/b2", lastmod: "2024-12-31T22:59:59.000Z" },
      { path: "/gallery/toys/c3" },
      { path: "/gallery/toys/d4" },
    ]);
  });

  it("writes a sitemaps.org urlset with escaped addresses and lastmod only where known", () => {
    const xml = sitemapXml(
      [{ path: "/" }, { path: "/gallery/toys/a&b<c>", lastmod: "2025-02-04T03:00:00.000Z" }],
      new URL("https://shop.example"),
    );
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://shop.example/</loc></url>",
        "  <url><loc>https://shop.example/gallery/toys/a&amp;b%3Cc%3E</loc><lastmod>2025-02-04T03:00:00.000Z</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});
