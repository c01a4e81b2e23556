import { describe, expect, it } from "vitest";
import { CACHE_KEY_PATTERNS, CACHE_PREFIX } from "#contract/cache";
import { cacheKey, generationPrefix, storedKey } from "./keys";

describe("cache keys", () => {
  it("puts each content type under its own prefix below cache:", async () => {
    expect(await cacheKey("content", "banner_message")).toBe("cache:content:banner_message");
    expect(await cacheKey("section", "posts", "news")).toBe("cache:section:posts:news");
    expect(await cacheKey("items", "slots", "id", "abc")).toBe("cache:items:slots:id:abc");
    expect(await cacheKey("featured", "slots", "page=1")).toBe("cache:featured:slots:page=1");
    expect(await cacheKey("images", "background-texture")).toBe("cache:images:background-texture");
    expect(await cacheKey("databases", "tables")).toBe("cache:databases:tables");
    expect(await cacheKey("search", "q=mills&page=1&limit=10")).toBe("cache:search:q=mills&page=1&limit=10");
    const prefixes = Object.values(CACHE_KEY_PATTERNS).map((p) => p.prefix);
    expect(prefixes).toEqual([
      "cache:content:",
      "cache:section:",
      "cache:databases:",
      "cache:items:",
      "cache:featured:",
      "cache:images:",
      "cache:search:",
    ]);
    for (const { prefix, pattern } of Object.values(CACHE_KEY_PATTERNS)) {
      expect(prefix.startsWith(CACHE_PREFIX)).toBe(true);
      expect(pattern.startsWith(prefix)).toBe(true);
    }
  });

  it("hashes a key longer than KV's 512 bytes, keeping its prefix and telling queries apart", async () => {
    const long = "x".repeat(600);
    const key = await cacheKey("items", "slots", "list", long);
    expect(key).toMatch(/^cache:items:sha256:[0-9a-f]{64}$/);
    expect(await cacheKey("items", "slots", "list", long)).toBe(key);
    expect(await cacheKey("items", "slots", "list", `${long}y`)).not.toBe(key);
  });

  it("counts bytes, not characters, against the limit", async () => {
    expect(await cacheKey("content", "é".repeat(260))).toMatch(/^cache:content:sha256:/);
    expect(await cacheKey("content", "e".repeat(260))).toBe(`cache:content:${"e".repeat(260)}`);
  });
});

describe("stored keys", () => {
  it("put the generation after cache:, so one prefix holds a generation's entries", async () => {
    expect(storedKey("k3x9", await cacheKey("content", "banner_message"))).toBe("cache:k3x9:content:banner_message");
    expect(storedKey("k3x9", "cache:items:slots:id:abc").startsWith(generationPrefix("k3x9"))).toBe(true);
  });

  it("stay within KV's 512 bytes for the longest key left unhashed and a 16-character generation", async () => {
    let longest = "";
    for (let n = 400; n < 600; n++) {
      const key = await cacheKey("content", "e".repeat(n));
      if (!key.includes("sha256:")) longest = key;
    }
    expect(new TextEncoder().encode(storedKey("g".repeat(16), longest)).length).toBeLessThanOrEqual(512);
  });
});
