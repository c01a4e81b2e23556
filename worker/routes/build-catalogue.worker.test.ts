import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_PAGE_SIZE } from "../data/catalogue-pages";
import type { Item } from "#contract/types";
import { dropNotionTables, json, type Row, seedCategory } from "../test/fixtures";
import { get } from "../test/http";

type Page = { items: Item[]; next: string | null };

let slots: Row[];

beforeAll(async () => {
  await dropNotionTables();
  const rows: Row[] = Array.from({ length: CATALOGUE_PAGE_SIZE + 1 }, (_, n) => ({
    title: `Slot ${n}`,
    manufacturer: n % 2 ? "Mills" : "Jennings",
    year: 1900 + (n % 50),
    for_sale: n % 3 === 0 ? 1 : 0,
    price: n % 3 === 0 ? 100 + n : null,
    main_image: json([`/media/slot-${n}.png`]),
    additional_images: json([]),
  }));
  slots = await seedCategory("slots", rows);
});

describe("GET /api/build/catalogue/:category", () => {
  it("answers every item of the category in id order, 500 per answer, reading on from `next` until it is null", async () => {
    const first = await get<Page>("/api/build/catalogue/slots");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(first.body.items).toHaveLength(CATALOGUE_PAGE_SIZE);
    const ids = slots.map((row) => String(row.id)).sort();
    expect(first.body.next).toBe(ids[CATALOGUE_PAGE_SIZE - 1]);
    const second = await get<Page>(`/api/build/catalogue/slots?after=${first.body.next}`);
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: ids[CATALOGUE_PAGE_SIZE] })], next: null });
    expect([...first.body.items, ...second.body.items].map((item) => item.id)).toEqual(ids);
  });

  it("answers each item exactly as the item endpoint does (the same row mapping)", async () => {
    const { body } = await get<Page>("/api/build/catalogue/slots");
    for (const item of body.items.slice(0, 3)) {
      const detail = await get<Item>(`/api/collection/slots/${item.id}`);
      expect(item).toEqual(detail.body);
    }
    expect(body.items[0]).toMatchObject({ category: "slots", additionalImageUrls: [], forSale: expect.any(Boolean) });
  });

  it("answers 400 for an `after` that is not a Notion id, 404 for an unknown category, 503 for a table not synced yet", async () => {
    expect(await get("/api/build/catalogue/slots?after=x'--")).toEqual(
      expect.objectContaining({ status: 400, body: { error: "Invalid after: must be a Notion page id (32 hex digits, dashes optional)" } }),
    );
    expect(await get("/api/build/catalogue/pinballs")).toEqual(
      expect.objectContaining({ status: 404, body: { error: "Unknown category: pinballs" } }),
    );
    const toys = await get("/api/build/catalogue/toys");
    expect(toys.status).toBe(503);
    expect(toys.body).toEqual({ error: "Vintage Toys has not been synced yet" });
  });
});
