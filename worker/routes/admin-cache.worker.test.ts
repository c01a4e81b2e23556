import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { SWITCH_KEY } from "../cache/settings";
import { seedContent } from "../test/fixtures";
import { admin, freshCache, get } from "../test/http";

beforeEach(async () => {
  await freshCache();
  await seedContent("Site Content", [{ key: "a" }, { key: "b" }, { key: "c" }]);
  await env.CACHE.put("session:other", "kept");
});

describe("admin cache routes", () => {
  it("GET /api/admin/cache/stats reports the switch, the cache: key count and the counters", async () => {
    await get("/api/content/a");
    await get("/api/content/a");
    await get("/api/content/b");
    const res = await admin("GET", "/api/admin/cache/stats");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isCachingEnabled: true, keys: 2, stats: { hits: 1, misses: 2 } });
  });

  it("POST /api/admin/cache/clear removes every cache: key and zeroes the counters", async () => {
    for (const key of ["a", "b", "c"]) await get(`/api/content/${key}`);
    const res = await admin("POST", "/api/admin/cache/clear");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Cache cleared: 3 keys removed" });
    expect((await admin("GET", "/api/admin/cache/stats")).body).toEqual({ isCachingEnabled: true, keys: 0, stats: { hits: 0, misses: 0 } });
    expect(await env.CACHE.get("session:other")).toBe("kept");
    expect((await admin("POST", "/api/admin/cache/clear")).body).toEqual({ message: "Cache cleared: 0 keys removed" });
  });

  it("POST /api/admin/cache/disable and /enable switch caching and persist the switch in KV, outside the purged cache: keys", async () => {
    expect((await admin("POST", "/api/admin/cache/disable")).body).toEqual({ message: "Caching disabled" });
    expect((await admin("GET", "/api/admin/cache/stats")).body.isCachingEnabled).toBe(false);
    expect(await env.CACHE.get(SWITCH_KEY)).toBe("false");
    await admin("POST", "/api/admin/cache/clear");
    expect(await env.CACHE.get(SWITCH_KEY)).toBe("false");
    expect((await admin("POST", "/api/admin/cache/enable")).body).toEqual({ message: "Caching enabled" });
    expect((await admin("GET", "/api/admin/cache/stats")).body.isCachingEnabled).toBe(true);
  });

  it.each([
    ["GET", "/api/admin/cache/stats"],
    ["POST", "/api/admin/cache/clear"],
    ["POST", "/api/admin/cache/enable"],
    ["POST", "/api/admin/cache/disable"],
  ])("%s %s answers 401 without a session", async (method, path) => {
    const res = await exports.default.fetch(`http://localhost${path}`, { method });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Sign in to use the admin panel" });
  });

  it("answers 404 JSON for unknown paths and methods under the API", async () => {
    for (const [method, path] of [
      ["GET", "/api/content"],
      ["GET", "/api/posts/home"],
      ["GET", "/api/collection/slots/gallery/extra"],
      ["GET", "/api/admin/cache/clear"],
      ["POST", "/api/admin/cache/nope"],
    ] as const) {
      const res = method === "GET" && !path.startsWith("/api/admin") ? await get(path) : await admin(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: `Not found: ${path}` });
    }
  });
});
