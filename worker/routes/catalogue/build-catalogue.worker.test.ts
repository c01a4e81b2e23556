import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { API_CACHE_CONTROL } from "../../cache/serve";
import { purgeCache } from "../../cache/purge";
import { CATALOGUE_PAGE_SIZE } from "../../data/catalogue-pages";
import { recordMediaFiles } from "../../data/media-files";
import { CataloguePageSchema, CatalogueStatusSchema } from "#contract/public-api";
import type { CatalogueItem, CatalogueStatus, Item } from "#contract/public-api";
import { quoteIdent, tableNameFor } from "../../tables/naming";
import { dropNotionTables, json, type Row, seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";

/** GETs a build path as the site build does. */
const build = <T = any>(path: string) => get<T>(path);

type Page = { items: CatalogueItem[]; next: string | null; imageSizes: Record<string, { width: number; height: number }> };

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
    last_edited_time: n === 2 ? null : new Date(Date.UTC(2025, 1, 1 + (n % 28), n % 24)).toISOString(),
    additional_images: json(
      n === 1 ? ["/media/slot-1-back.png", "/media/slot-1-note.pdf", "/media/slot-1-old.png", "https://elsewhere.example/x.png"] : [],
    ),
  }));
  slots = await seedCategory("slots", rows);
});

// Each test starts from an empty KV cache, as after a sync's purge: the tests change D1 under the cached slices.
beforeEach(freshCache);

describe("GET /api/build/catalogue/:category", () => {
  it("answers every item of the category in id order, 500 per answer, reading on from `next` until it is null", async () => {
    const first = await build<Page>("/api/build/catalogue/slots");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(CATALOGUE_PAGE_SIZE);
    const ids = slots.map((row) => String(row.id)).sort();
    expect(first.body.next).toBe(ids[CATALOGUE_PAGE_SIZE - 1]);
    const second = await build<Page>(`/api/build/catalogue/slots?after=${first.body.next}`);
    expect(second.body).toEqual({
      items: [expect.objectContaining({ id: ids[CATALOGUE_PAGE_SIZE] })],
      next: null,
      imageSizes: expect.any(Object),
    });
    expect([...first.body.items, ...second.body.items].map((item) => item.id)).toEqual(ids);
  });

  it("answers each item exactly as the item endpoint does (the same row mapping), plus when its Notion page was created and last edited", async () => {
    const { body } = await build<Page>("/api/build/catalogue/slots");
    for (const item of body.items.slice(0, 3)) {
      const detail = await get<Item>(`/api/collection/slots/${item.id}`);
      const { createdTime, lastEditedTime, ...rest } = item;
      expect(rest).toEqual(detail.body);
      const row = slots.find((r) => r.id === item.id)!;
      expect(createdTime).toBe(row.created_time);
      expect(createdTime).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(lastEditedTime).toBe(row.last_edited_time ?? null);
    }
    expect(body.items.find((item) => item.title === "Slot 2")).toMatchObject({ lastEditedTime: null });
    expect(body.items.find((item) => item.title === "Slot 3")).toMatchObject({ lastEditedTime: "2025-02-04T03:00:00.000Z" });
    expect(body.items[0]).toMatchObject({ category: "slots", additionalImageUrls: [], forSale: expect.any(Boolean) });
  });

  it("gives the recorded pixel size of each copied image of the slice by its URL, leaving out files of unknown size", async () => {
    await env.DB.exec("DELETE FROM media_files");
    // slot-1-old.png was copied before sizes were recorded; the PDF's header is no image; slot-2.png is not copied at all.
    await recordMediaFiles(
      env.DB,
      ["slot-0.png", "slot-1-back.png", "slot-1-note.pdf", "slot-1-old.png", "slot-500.png"],
      [
        { key: "slot-0.png", size: { width: 1600, height: 1200 } },
        { key: "slot-1-back.png", size: { width: 400, height: 300 } },
        { key: "slot-1-note.pdf", size: null },
        { key: "slot-500.png", size: { width: 800, height: 1000 } },
      ],
    );
    const first = await build<Page>("/api/build/catalogue/slots");
    expect(first.body.imageSizes).toEqual({
      "/media/slot-0.png": { width: 1600, height: 1200 },
      "/media/slot-1-back.png": { width: 400, height: 300 },
    });
    expect(CataloguePageSchema.safeParse(first.body).success).toBe(true);
    // Each answer gives its own items' sizes: the last slot is on the second.
    const second = await build<Page>(`/api/build/catalogue/slots?after=${first.body.next}`);
    expect(second.body.imageSizes).toEqual({ "/media/slot-500.png": { width: 800, height: 1000 } });
  });

  it("answers 400 for an `after` that is not a Notion id, 404 for an unknown category, 503 for a table not synced yet", async () => {
    expect(await build("/api/build/catalogue/slots?after=x'--")).toEqual(
      expect.objectContaining({ status: 400, body: { error: "Invalid after: must be a Notion page id (32 hex digits, dashes optional)" } }),
    );
    expect(await build("/api/build/catalogue/pinballs")).toEqual(
      expect.objectContaining({ status: 404, body: { error: "Unknown category: pinballs" } }),
    );
    const toys = await build("/api/build/catalogue/toys");
    expect(toys.status).toBe(503);
    expect(toys.body).toEqual({ error: "Vintage Toys has not been synced yet" });
  });

  it("is public: answers anyone, with or without an Authorization header, the same items", async () => {
    const bare = await get<Page>("/api/build/catalogue/slots");
    const withHeader = await get<Page>("/api/build/catalogue/slots", { authorization: "Bearer anything" });
    expect(bare.status).toBe(200);
    expect(withHeader.body).toEqual(bare.body);
  });

  it("is served from the KV cache once read: the second read touches no table, and a purge (as after a sync) reads afresh", async () => {
    await freshCache();
    const first = await get<Page>("/api/build/catalogue/slots");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe(API_CACHE_CONTROL);
    const renamed = slots[0]!;
    await env.DB.prepare(`UPDATE ${quoteIdent(tableNameFor("Slot Machines"))} SET title = 'Renamed' WHERE id = ?1`)
      .bind(renamed.id)
      .run();
    const second = await get<Page>("/api/build/catalogue/slots");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.body).toEqual(first.body);
    await purgeCache(env.CACHE);
    const third = await get<Page>("/api/build/catalogue/slots");
    expect(third.headers.get("X-Cache")).toBe("MISS");
    expect(third.body.items.find((item) => item.id === renamed.id)?.title).toBe("Renamed");
    // Each slice is its own entry: reading on from `next` is a miss once, then a hit.
    expect((await get(`/api/build/catalogue/slots?after=${third.body.next}`)).headers.get("X-Cache")).toBe("MISS");
    expect((await get(`/api/build/catalogue/slots?after=${third.body.next}`)).headers.get("X-Cache")).toBe("HIT");
  });
});

describe("GET /api/build/status", () => {
  it("says the catalogue was never published before any category's table exists, and published once one does", async () => {
    await dropNotionTables();
    const never = await get<CatalogueStatus>("/api/build/status");
    expect([never.status, never.body, never.headers.get("Cache-Control")]).toEqual([200, { published: false }, "no-store"]);
    // Another notion_* table (content, posts) is no catalogue.
    await env.DB.exec('CREATE TABLE "notion_posts" (id TEXT PRIMARY KEY)');
    expect((await get<CatalogueStatus>("/api/build/status")).body).toEqual({ published: false });
    await seedCategory("toys", [{ title: "Tin robot" }]);
    expect((await get<CatalogueStatus>("/api/build/status")).body).toEqual({ published: true });
    expect(CatalogueStatusSchema.safeParse((await get("/api/build/status")).body).success).toBe(true);
  });
});
