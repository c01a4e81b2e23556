import { beforeAll, describe, expect, it } from "vitest";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../index";
import { CATALOGUE_PAGE_SIZE } from "../data/catalogue-pages";
import { recordMediaFiles } from "../data/media-files";
import { CataloguePageSchema } from "#contract/public-api";
import type { CatalogueItem, Item } from "#contract/public-api";
import { dropNotionTables, json, type Row, seedCategory } from "../test/fixtures";
import { get } from "../test/http";

/** GETs a build path as the site build does, with its token. */
const build = <T = any>(path: string) => get<T>(path, { authorization: `Bearer ${env.BUILD_TOKEN}` });

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

describe("GET /api/build/catalogue/:category", () => {
  it("answers every item of the category in id order, 500 per answer, reading on from `next` until it is null", async () => {
    const first = await build<Page>("/api/build/catalogue/slots");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
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

  it("answers 401 with the reason, and no item, to a request without the build's token or with another", async () => {
    const token = env.BUILD_TOKEN;
    for (const headers of [
      undefined,
      { authorization: "" },
      { authorization: token },
      { authorization: `Basic ${btoa(`build:${token}`)}` },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
      { authorization: "Bearer test-password" },
    ]) {
      for (const path of ["/api/build/catalogue/slots", "/api/build/catalogue/pinballs", "/api/build/catalogue/slots?after=x"]) {
        const res = await get(path, headers);
        expect([path, headers, res.status, res.body]).toEqual([
          path,
          headers,
          401,
          { error: "Only the site build may read /api/build: send Authorization: Bearer <BUILD_TOKEN>" },
        ]);
      }
    }
    expect((await get("/api/build/catalogue/slots", { authorization: `bearer ${token}` })).status).toBe(200);
  });

  it("answers 503 naming the missing secret when the worker has no BUILD_TOKEN, whatever the request sends", async () => {
    for (const authorization of ["Bearer ", `Bearer ${env.BUILD_TOKEN}`, "Bearer undefined"]) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request("http://localhost/api/build/catalogue/slots", { headers: { authorization } }),
        { ...env, BUILD_TOKEN: "" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: "The build API is not configured: set the BUILD_TOKEN secret on the worker and give the site build the same value",
      });
    }
  });
});
