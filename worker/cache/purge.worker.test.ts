import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countCacheKeys, purgeCache } from "./purge";

describe("purgeCache", () => {
  it("deletes every cache: key across list pages and returns the count, leaving other keys", async () => {
    const names = Array.from({ length: 25 }, (_, i) => `cache:items:slots:id:${String(i).padStart(3, "0")}`);
    await Promise.all([...names.map((name) => env.CACHE.put(name, "{}")), env.CACHE.put("media:keep", "x")]);
    expect(await countCacheKeys(env.CACHE, 4)).toBe(25);
    expect(await purgeCache(env.CACHE, 4)).toBe(25);
    expect(await countCacheKeys(env.CACHE)).toBe(0);
    expect(await env.CACHE.get("media:keep")).toBe("x");
    expect(await purgeCache(env.CACHE)).toBe(0);
  });
});
