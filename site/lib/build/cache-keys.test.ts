import { describe, expect, it } from "vitest";
import type { SiteItem, SiteListing } from "../item-model";
import { digest, itemPageKey, listingPageKey, stableJson } from "./cache-keys";

const item = (id: string, extra: Partial<SiteItem> = {}): SiteItem => ({
  id,
  category: "slots",
  title: `Slot ${id}`,
  description: null,
  descriptionRichText: [],
  manufacturer: "Mills",
  year: 1931,
  mainImageUrl: `/media/notion/${id}/a.png`,
  additionalImageUrls: [],
  forSale: true,
  price: 1200,
  condition: null,
  denomination: "5¢",
  ...extra,
});
const first = (items: SiteItem[]): SiteListing => ({
  items,
  totalPages: 1,
  totalItems: items.length,
  filterOptions: {
    manufacturers: ["Mills"],
    yearRange: [1931, 1931],
    denominations: [],
    additionalFilters: { gameTypes: [], productCategories: [], stimulatorTypes: [], adTypes: [], partTypes: [] },
  },
});
const header = { title: "Machine Gallery", iconType: "image" };

describe("page cache keys", () => {
  it("are the same for the same data whatever order its keys were built in", () => {
    expect(stableJson({ b: 1, a: { d: [2, { f: 1, e: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":2,"f":1}]},"b":1}');
    expect(digest({ a: 1, b: [1, 2] })).toBe(digest({ b: [1, 2], a: 1 }));
    expect(digest({ a: 1, b: [1, 2] })).toMatch(/^[0-9a-f]{64}$/);
    expect(itemPageKey("shell", item("1"))).toBe(itemPageKey("shell", { ...item("1") }));
  });

  it("change for an item page when any field it shows changes, or when the shell changes", () => {
    const base = itemPageKey("shell", item("1"));
    for (const change of [
      { title: "Slot 1 restored" },
      { price: 1300 },
      { forSale: false },
      { additionalImageUrls: ["/media/x.png"] },
      { denomination: "25¢" },
      { description: "" },
    ]) {
      expect(itemPageKey("shell", item("1", change)), JSON.stringify(change)).not.toBe(base);
    }
    expect(itemPageKey("banner changed", item("1"))).not.toBe(base);
    expect(digest([1, 2])).not.toBe(digest([2, 1]));
  });

  it("stay the same when only the item's Notion times change (no item page shows them)", () => {
    const times = { createdTime: "2024-01-01T00:00:00.000Z", lastEditedTime: "2025-02-01T00:00:00.000Z" };
    expect(itemPageKey("shell", item("1", times))).toBe(itemPageKey("shell", item("1")));
    expect(itemPageKey("shell", item("1", { ...times, lastEditedTime: "2025-03-01T00:00:00.000Z" }))).toBe(itemPageKey("shell", item("1")));
  });

  it("change for a listing page when page 1, any listed item, the order, the header or the shell changes, and only then", () => {
    const items = [item("1"), item("2"), item("3")];
    const base = listingPageKey("shell", header, first(items.slice(0, 2)), items);
    expect(
      listingPageKey(
        "shell",
        { ...header },
        first(items.slice(0, 2)),
        items.map((i) => ({ ...i })),
      ),
    ).toBe(base);
    expect(
      listingPageKey("shell", header, first(items.slice(0, 2)), [
        items[0]!,
        items[1]!,
        item("3", { mainImageUrl: "/media/notion/3/b.png" }),
      ]),
    ).not.toBe(base);
    expect(listingPageKey("shell", header, first(items.slice(0, 2)), [items[1]!, items[0]!, items[2]!])).not.toBe(base);
    expect(listingPageKey("shell", header, first(items.slice(0, 2)), items.slice(0, 2))).not.toBe(base);
    expect(listingPageKey("shell", header, { ...first(items.slice(0, 2)), totalItems: 4 }, items)).not.toBe(base);
    expect(listingPageKey("shell", { ...header, iconType: "info" }, first(items.slice(0, 2)), items)).not.toBe(base);
    expect(listingPageKey("new banner", header, first(items.slice(0, 2)), items)).not.toBe(base);
  });
});
