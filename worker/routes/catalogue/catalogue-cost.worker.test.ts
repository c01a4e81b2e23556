import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import { sortsFor, type ListingView } from "#contract/listing";
import type { Listing } from "#contract/public-api";
import worker from "../../index";
import { listingIndexSql } from "../../data/listing-indexes";
import { columnsNamed } from "../../tables/columns";
import { tableNameFor } from "../../tables/naming";
import { insertStatements } from "../../tables/row-writer";
import { meteredD1 } from "../../test/d1-meter";
import { categoryColumns, pageId, seedCategory } from "../../test/fixtures";
import { admin } from "../../test/http";

/** The catalogue size the listing targets are set at. */
const ITEMS = 10_000;
const TABLE = tableNameFor("Slot Machines");
const MAKERS = Array.from({ length: 30 }, (_, i) => `Maker ${String(i).padStart(2, "0")}`);
const VIEW_PATHS: Record<ListingView, string> = {
  all: "/api/collection/slots",
  gallery: "/api/collection/slots/gallery",
  "for-sale": "/api/collection/slots/for-sale",
};

const meter = meteredD1(env.DB);

/** GETs `path` from the worker with the metered D1 binding: the answer and the rows D1 read for it. */
async function listing(path: string): Promise<{ status: number; body: Listing; rowsRead: number }> {
  meter.reset();
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`), { ...env, DB: meter.db }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json<Listing>(), rowsRead: meter.rowsRead() };
}

/** Titles of a page read straight from the seeded table, for the expected answers. */
async function expectedTitles(where: string, order: string, limit: number, offset: number): Promise<(string | null)[]> {
  const { results } = await env.DB.prepare(`SELECT title FROM "${TABLE}" WHERE ${where} ORDER BY ${order} LIMIT ?1 OFFSET ?2`)
    .bind(limit, offset)
    .all<{ title: string | null }>();
  return results.map((r) => r.title);
}

beforeAll(async () => {
  await seedCategory("slots", []);
  const names = ["id", "created_time", "title", "manufacturer", "year", "for_sale", "price", "denomination", "description"];
  const rows = Array.from({ length: ITEMS }, (_, i) => [
    pageId(1_000_000 + i),
    "2024-01-01T00:00:00.000Z",
    i % 97 === 0 ? null : `Bell ${String((i * 7919) % ITEMS).padStart(5, "0")}`,
    MAKERS[i % MAKERS.length]!,
    i % 50 === 0 ? null : 1880 + (i % 100),
    i % 4 === 0 ? 1 : 0,
    i % 4 === 0 && i % 3 !== 0 ? 100 + (i % 900) : null,
    `${(i % 5) + 1}¢`,
    "A cast-iron bell machine with its original reels, restored. ".repeat(8),
  ]);
  await env.DB.batch(insertStatements(env.DB, TABLE, names, rows));
  // As the sync makes them when it creates or swaps in a catalogue table.
  await env.DB.batch(
    listingIndexSql(columnsNamed(TABLE, ["id", "created_time", "last_edited_time", ...Object.keys(categoryColumns("slots"))])).map((sql) =>
      env.DB.prepare(sql),
    ),
  );
}, 120_000);

afterAll(() => admin("POST", ADMIN_PATHS.cacheEnable));

beforeEach(async () => {
  // Every request below reads D1: nothing is answered from the cache.
  await admin("POST", ADMIN_PATHS.cacheDisable);
  await admin("POST", ADMIN_PATHS.cacheClear);
});

describe(`listing cost at ${ITEMS.toLocaleString("en")} items, from D1's rows_read`, { timeout: 120_000 }, () => {
  it("reads the table once for a view's count and filter choices, on the view's first request after a sync", async () => {
    const first = await listing(VIEW_PATHS.all);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, totalPages: ITEMS / 2, totalItems: ITEMS });
    expect(first.body.filter_options.manufacturers).toEqual(MAKERS);
    expect(first.body.filter_options.yearRange).toEqual([1881, 1979]);
    expect(first.body.filter_options.denominations).toEqual(["1¢", "2¢", "3¢", "4¢", "5¢"]);
    expect(first.rowsRead).toBeGreaterThanOrEqual(ITEMS);
    expect(first.rowsRead).toBeLessThanOrEqual(ITEMS + 100);
    // The gallery shares the plain view's rows, so its count and choices too.
    const gallery = await listing(`${VIEW_PATHS.gallery}?page=2`);
    expect(gallery.body.filter_options).toEqual(first.body.filter_options);
    expect(gallery.rowsRead).toBeLessThanOrEqual(100);
  });

  it.each(Object.entries(VIEW_PATHS) as [ListingView, string][])(
    "reads at most 100 rows for page 1 of the %s view in every sort once its count and choices are known",
    async (view, path) => {
      await listing(path);
      for (const sort of sortsFor(view)) {
        const page = await listing(`${path}?sort=${sort}`);
        expect(page.status).toBe(200);
        expect(page.body.items).toHaveLength(2);
        expect(page.rowsRead, `${view} ${sort}`).toBeLessThanOrEqual(100);
      }
    },
  );

  it("gives each page in the order of the listing SQL, reading each row at most once even for the last page", async () => {
    await listing(VIEW_PATHS.all);
    const order = `title IS NULL, title COLLATE NOCASE DESC, id`;
    for (const page of [1, 2, 777, ITEMS / 2]) {
      const res = await listing(`${VIEW_PATHS.all}?sort=name_desc&page=${page}`);
      expect(res.body.items.map((i) => i.title)).toEqual(await expectedTitles("1", order, 2, (page - 1) * 2));
      expect(res.rowsRead).toBeLessThanOrEqual(ITEMS);
    }
    const forSale = await listing(`${VIEW_PATHS["for-sale"]}?sort=price_asc&limit=100&page=25`);
    expect(forSale.body.items.map((i) => i.title)).toEqual(await expectedTitles("for_sale = 1", "price IS NULL, price ASC, id", 100, 2400));
    expect(forSale.rowsRead).toBeLessThanOrEqual(ITEMS);
  });

  it("answers a page past the last without reading a row", async () => {
    await listing(VIEW_PATHS["for-sale"]);
    const past = await listing(`${VIEW_PATHS["for-sale"]}?page=999999`);
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
    expect(past.body.pagination).toEqual({ page: 999999, limit: 2, totalPages: ITEMS / 8, totalItems: ITEMS / 4 });
    expect(past.rowsRead).toBe(0);
  });

  it.each([
    ["a maker", `manufacturers=${encodeURIComponent('["Maker 07"]')}`],
    ["every maker", `manufacturers=${encodeURIComponent(JSON.stringify(MAKERS))}`],
    ["a year range and a denomination", `yearRange=${encodeURIComponent("[1900,1950]")}&denominations=${encodeURIComponent('["3¢"]')}`],
  ])("reads each row at most once for any page filtered by %s, with the filtered total", async (_what, filter) => {
    await listing(VIEW_PATHS.all);
    const first = await listing(`${VIEW_PATHS.all}?${filter}&sort=year_desc`);
    const total = first.body.pagination.totalItems;
    expect(total).toBeGreaterThan(0);
    for (const page of [1, Math.ceil(total / 2 / 2), Math.ceil(total / 2), Math.ceil(total / 2) + 1, 999999]) {
      const res = await listing(`${VIEW_PATHS.all}?${filter}&sort=year_desc&page=${page}`);
      expect(res.body.pagination.totalItems).toBe(total);
      expect(res.body.items).toHaveLength(page <= Math.ceil(total / 2) ? Math.min(2, total - (page - 1) * 2) : 0);
      // The table's rows once, plus the page's own rows read by id.
      expect(res.rowsRead, `page ${page}`).toBeLessThanOrEqual(ITEMS + 100);
    }
  });

  it("works a view's count and choices out again after a sync's cache purge, not before", async () => {
    const before = await listing(VIEW_PATHS.all);
    await env.DB.prepare(`INSERT INTO "${TABLE}" (id, title, manufacturer) VALUES (?1, 'Added Bell', 'Maker 99')`)
      .bind(pageId(2_000_000))
      .run();
    try {
      const same = await listing(`${VIEW_PATHS.all}?page=3`);
      expect(same.body.pagination.totalItems).toBe(ITEMS);
      expect(same.rowsRead).toBeLessThanOrEqual(100);
      await admin("POST", ADMIN_PATHS.cacheClear);
      const after = await listing(VIEW_PATHS.all);
      expect(after.body.pagination.totalItems).toBe(ITEMS + 1);
      expect(after.body.filter_options.manufacturers).toEqual([...MAKERS, "Maker 99"]);
      expect(after.rowsRead).toBeGreaterThan(ITEMS);
      expect(before.body.filter_options.manufacturers).toEqual(MAKERS);
    } finally {
      await env.DB.prepare(`DELETE FROM "${TABLE}" WHERE id = ?1`).bind(pageId(2_000_000)).run();
    }
  });
});
