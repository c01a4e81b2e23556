import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NotionTable } from "#contract/admin-api";
import { adminFetch } from "../test/admin";
import { storedKeyOf } from "../test/cache-keys";
import { admin, freshCache } from "../test/http";
import { syncSchemas, syncTable } from "../test/notion-sync";

const KEY = "cache:databases:tables";

async function tables(): Promise<{ status: number; cache: string | null; cacheControl: string | null; tables: NotionTable[] }> {
  const res = await adminFetch("/api/admin/notion-tables");
  const body = await res.json<{ tables: NotionTable[] }>();
  return { status: res.status, cache: res.headers.get("X-Cache"), cacheControl: res.headers.get("Cache-Control"), tables: body.tables };
}

const count = (list: NotionTable[], tableName: string) => list.find((t) => t.tableName === tableName)?.recordCount;
const addHeaderRow = () => env.DB.prepare("INSERT INTO notion_page_headers (id) VALUES (?1)").bind(crypto.randomUUID()).run();

describe("GET /api/admin/notion-tables through the databases cache", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await syncSchemas();
  });
  beforeEach(async () => {
    await env.DB.exec("DELETE FROM notion_page_headers");
    await freshCache();
  });

  it("answers MISS, then HIT with the stored list under cache:databases:tables, private to the operator, counting both", async () => {
    const first = await tables();
    expect(first).toMatchObject({ status: 200, cache: "MISS", cacheControl: "private, no-store" });
    expect(first.tables).toHaveLength(12);
    expect(await env.CACHE.get(await storedKeyOf(KEY))).toBe(JSON.stringify({ tables: first.tables }));
    await addHeaderRow();
    const second = await tables();
    expect(second).toMatchObject({ status: 200, cache: "HIT", cacheControl: "private, no-store" });
    expect(second.tables).toEqual(first.tables);
    expect((await admin("GET", "/api/admin/cache/stats")).body).toMatchObject({ keys: 1, stats: { hits: 1, misses: 1 } });
  });

  it("answers fresh counts after a table sync", async () => {
    const before = await tables();
    expect(count(before.tables, "notion_page_headers")).toBe(0);
    expect((await tables()).cache).toBe("HIT");
    expect((await syncTable("Page Headers")).ok).toBe(true);
    const after = await tables();
    expect(after.cache).toBe("MISS");
    expect(count(after.tables, "notion_page_headers")).toBeGreaterThan(0);
    expect(count(after.tables, "notion_page_headers")).toBe(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM notion_page_headers").first("n"),
    );
  });

  it("answers fresh counts after a cache clear", async () => {
    expect(count((await tables()).tables, "notion_page_headers")).toBe(0);
    await addHeaderRow();
    expect(count((await tables()).tables, "notion_page_headers")).toBe(0);
    await admin("POST", "/api/admin/cache/clear");
    const after = await tables();
    expect(after.cache).toBe("MISS");
    expect(count(after.tables, "notion_page_headers")).toBe(1);
  });

  it("answers BYPASS from D1 while caching is disabled", async () => {
    await admin("POST", "/api/admin/cache/disable");
    const before = await tables();
    expect(before.cache).toBe("BYPASS");
    expect(count(before.tables, "notion_page_headers")).toBe(0);
    await addHeaderRow();
    const after = await tables();
    expect(after.cache).toBe("BYPASS");
    expect(count(after.tables, "notion_page_headers")).toBe(1);
    expect(await env.CACHE.get(await storedKeyOf(KEY))).toBeNull();
    await admin("POST", "/api/admin/cache/enable");
  });

  it("never stores a failed answer", async () => {
    await env.DB.exec("ALTER TABLE sync_tables RENAME TO sync_tables_away");
    try {
      expect((await adminFetch("/api/admin/notion-tables")).status).toBe(500);
      expect(await env.CACHE.get(await storedKeyOf(KEY))).toBeNull();
    } finally {
      await env.DB.exec("ALTER TABLE sync_tables_away RENAME TO sync_tables");
    }
    expect((await tables()).cache).toBe("MISS");
  });
});
