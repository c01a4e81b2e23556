import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FLUSH_INTERVAL_MS } from "./counters";
import { json, type Row, seedCategory, seedContent } from "../test/fixtures";
import { currentCacheEntries, currentCacheKeys, storedKeyOf } from "../test/cache-keys";
import { admin, freshCache, get } from "../test/http";
import { indexCategory } from "../test/search-index";

let slot: Row;

const stats = async () => (await admin("GET", "/api/admin/cache/stats")).body;
const keys = currentCacheKeys;
const setBanner = (text: string) =>
  env.DB.prepare("UPDATE notion_site_content SET content = ?1 WHERE key = 'banner_message'").bind(text).run();

beforeEach(async () => {
  await freshCache();
  await seedContent("Site Content", [{ key: "banner_message", type: "rich_text", content: "Hello", title: null, image: null }]);
  await seedContent("Images", [
    { key: "background-texture", image: json(["/media/notion/t/texture.png"]) },
    { key: "header_main_image", image: json(["/media/notion/m/main.jpg", "/media/notion/m/other.jpg"]), alt_text: "Bell", title: "Header" },
    { key: "plain_url_image", image: "https://cdn.example.com/plain.png" },
  ]);
  await seedContent("Page Descriptions", [{ section: "navigation", description: "Browse" }]);
  await seedContent("Page Headers", [{ page_id: "slots", title: "Slots", icon_type: "gallery" }]);
  await seedContent("Posts", [{ title: "News", section: "news", display_order: 1 }]);
  [slot] = await seedCategory("slots", [
    { title: "Bell", manufacturer: "Mills", for_sale: 1, price: 100 },
    { title: "Chief", manufacturer: "Caille" },
  ]);
  await indexCategory("slots");
});

/** Every public GET endpoint, by what it serves (the item path needs the seeded row's id). */
const PUBLIC_ENDPOINTS: [string, () => string][] = [
  ["a content block", () => "/api/content/banner_message"],
  ["an image record with a list of files", () => "/api/images/header_main_image"],
  ["an image record with a plain URL", () => "/api/images/plain_url_image"],
  ["the background texture", () => "/api/images/background-texture"],
  ["a page description", () => "/api/page-description/navigation"],
  ["a page header", () => "/api/page-headers/slots"],
  ["posts by section", () => "/api/posts/section/news"],
  ["a plain listing", () => "/api/collection/slots"],
  ["a gallery listing", () => "/api/collection/slots/gallery"],
  ["the for-sale listing", () => "/api/collection/slots/for-sale"],
  ["an item", () => `/api/collection/slots/${slot.id}`],
  ["a search", () => "/api/search?q=bell"],
];

/** Empties every notion_* table, so an answer that still carries the data can only come from the cache. */
async function emptyNotionTables(): Promise<void> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) = 'notion_'").all<{
    name: string;
  }>();
  await env.DB.batch([...results.map((t) => env.DB.prepare(`DELETE FROM "${t.name}"`)), env.DB.prepare("DELETE FROM search_index")]);
}

describe.each(PUBLIC_ENDPOINTS)("KV cache for %s", (_what, path) => {
  it("answers MISS, then HIT with the stored answer after D1 lost the data, counting one of each", async () => {
    const first = await get(path());
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect((await stats()).stats).toEqual({ hits: 0, misses: 1 });
    await emptyNotionTables();
    const second = await get(path());
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.body).toEqual(first.body);
    expect((await stats()).stats).toEqual({ hits: 1, misses: 1 });
  });

  it("answers BYPASS from D1 while caching is disabled, counting nothing, and MISS again once enabled", async () => {
    await admin("POST", "/api/admin/cache/disable");
    const bypassed = await get(path());
    expect(bypassed.status).toBe(200);
    expect(bypassed.headers.get("X-Cache")).toBe("BYPASS");
    expect((await get(path())).headers.get("X-Cache")).toBe("BYPASS");
    expect(await keys()).toEqual([]);
    expect((await stats()).stats).toEqual({ hits: 0, misses: 0 });
    await admin("POST", "/api/admin/cache/enable");
    expect((await get(path())).headers.get("X-Cache")).toBe("MISS");
    expect((await stats()).stats).toEqual({ hits: 0, misses: 1 });
  });
});

describe("KV cache", () => {
  it("misses, then serves the stored answer on a hit, counting both", async () => {
    const first = await get("/api/content/banner_message");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    await setBanner("Changed in D1");
    const second = await get("/api/content/banner_message");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.headers.get("Content-Type")).toBe("application/json; charset=UTF-8");
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(second.body).toEqual(first.body);
    expect((await stats()).stats).toEqual({ hits: 1, misses: 1 });
  });

  it("stores one key per content type under its prefix, with a 6 hour TTL", async () => {
    const paths = [
      "/api/content/banner_message",
      "/api/images/background-texture",
      "/api/page-description/navigation",
      "/api/page-headers/slots",
      "/api/posts/section/news",
      "/api/collection/slots",
      "/api/collection/slots/for-sale",
      `/api/collection/slots/${slot.id}`,
    ];
    for (const path of paths) expect((await get(path)).status).toBe(200);
    expect(await keys()).toEqual([
      "cache:content:banner_message",
      "cache:featured:slots:page=1&limit=2&sort=name_asc",
      "cache:images:background-texture",
      `cache:items:slots:id:${slot.id}`,
      "cache:items:slots:list:page=1&limit=2&sort=name_asc",
      "cache:section:description:navigation",
      "cache:section:header:slots",
      "cache:section:posts:news",
    ]);
    const listed = await currentCacheEntries();
    for (const key of listed) expect(key.expiration! - Date.now() / 1000).toBeGreaterThan(21600 - 60);
    for (const key of listed) expect(key.expiration! - Date.now() / 1000).toBeLessThanOrEqual(21600);
  });

  it("keys by the normalised request: equal queries, key case and id spellings share one entry", async () => {
    const a = await get(`/api/collection/slots?sort=name_asc&manufacturers=${encodeURIComponent('["Mills","Caille"]')}&page=1`);
    const b = await get(
      `/api/collection/slots/gallery?manufacturers=${encodeURIComponent('["Caille","Mills","Mills"]')}&limit=2&gameType=`,
    );
    expect([a.headers.get("X-Cache"), b.headers.get("X-Cache")]).toEqual(["MISS", "HIT"]);
    expect(await keys()).toEqual([
      `cache:items:slots:list:page=1&limit=2&sort=name_asc&manufacturers=${encodeURIComponent('["Caille","Mills"]')}`,
    ]);
    const upper = await get("/api/content/BANNER_MESSAGE");
    const lower = await get("/api/content/banner_message");
    expect([upper.headers.get("X-Cache"), lower.headers.get("X-Cache")]).toEqual(["MISS", "HIT"]);
    const dashless = await get(`/api/collection/slots/${String(slot.id).replace(/-/g, "")}`);
    const dashed = await get(`/api/collection/slots/${slot.id}`);
    expect([dashless.headers.get("X-Cache"), dashed.headers.get("X-Cache")]).toEqual(["MISS", "HIT"]);
  });

  it("serves a hot key from isolate memory for a few seconds, and a clear drops that copy too", async () => {
    await get("/api/content/banner_message");
    await env.CACHE.delete(await storedKeyOf("cache:content:banner_message"));
    await setBanner("Changed in D1");
    const remembered = await get("/api/content/banner_message");
    expect(remembered.headers.get("X-Cache")).toBe("HIT");
    expect((remembered.body as { content: string }).content).toBe("Hello");
    await admin("POST", "/api/admin/cache/clear");
    const fresh = await get("/api/content/banner_message");
    expect(fresh.headers.get("X-Cache")).toBe("MISS");
    expect((fresh.body as { content: string }).content).toBe("Changed in D1");
  });

  it("never stores errors", async () => {
    expect((await get("/api/content/nothing_here")).status).toBe(404);
    expect((await get(`/api/collection/slots/${"f".repeat(32)}`)).status).toBe(404);
    expect((await get("/api/collection/slots?page=0")).status).toBe(400);
    expect(await keys()).toEqual([]);
  });

  it("bypasses KV and counts nothing while caching is disabled", async () => {
    await get("/api/content/banner_message");
    await admin("POST", "/api/admin/cache/disable");
    await setBanner("Fresh from D1");
    const res = await get("/api/content/banner_message");
    expect(res.headers.get("X-Cache")).toBe("BYPASS");
    expect(res.body.content).toBe("Fresh from D1");
    expect((await get("/api/posts/section/news")).headers.get("X-Cache")).toBe("BYPASS");
    expect(await keys()).toEqual(["cache:content:banner_message"]);
    expect(await stats()).toMatchObject({ isCachingEnabled: false, stats: { hits: 0, misses: 1 } });
    await admin("POST", "/api/admin/cache/enable");
    expect((await get("/api/posts/section/news")).headers.get("X-Cache")).toBe("MISS");
  });

  it("batches counters in memory and flushes them to D1 before stats are read", async () => {
    await stats();
    const persisted = () =>
      env.DB.prepare("SELECT name, value FROM cache_counters ORDER BY name")
        .all()
        .then((r) => r.results);
    for (let i = 0; i < 3; i++) await get("/api/images/background-texture");
    expect(await persisted()).toEqual([
      { name: "hits", value: 0 },
      { name: "misses", value: 0 },
    ]);
    expect((await stats()).stats).toEqual({ hits: 2, misses: 1 });
    expect(await persisted()).toEqual([
      { name: "hits", value: 2 },
      { name: "misses", value: 1 },
    ]);
  });

  it("flushes an isolate's counts in the background once FLUSH_INTERVAL_MS has passed since the last flush, not per request", async () => {
    await stats();
    const persisted = () =>
      env.DB.prepare("SELECT name, value FROM cache_counters ORDER BY name")
        .all()
        .then((r) => r.results);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      for (let i = 0; i < 3; i++) await get("/api/images/background-texture");
      vi.setSystemTime(Date.now() + FLUSH_INTERVAL_MS - 1000);
      await get("/api/images/background-texture");
      expect(await persisted()).toEqual([
        { name: "hits", value: 0 },
        { name: "misses", value: 0 },
      ]);
      vi.setSystemTime(Date.now() + 1000);
      await get("/api/images/background-texture");
      await vi.waitFor(async () =>
        expect(await persisted()).toEqual([
          { name: "hits", value: 4 },
          { name: "misses", value: 1 },
        ]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("serves fresh data after a clear", async () => {
    await get("/api/content/banner_message");
    await setBanner("After the sync");
    await admin("POST", "/api/admin/cache/clear");
    const res = await get("/api/content/banner_message");
    expect(res.headers.get("X-Cache")).toBe("MISS");
    expect(res.body.content).toBe("After the sync");
  });
});
