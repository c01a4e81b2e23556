import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../index";
import { currentCacheKeys, storedGeneration, storedKeyOf } from "../test/cache-keys";
import { heldD1 } from "../test/d1-faults";
import { seedContent } from "../test/fixtures";
import { GENERATION_KEY, GENERATION_MEMO_MS } from "./generation";
import { storedKey } from "./keys";
import { countCacheKeys, purgeCache } from "./purge";

/** A KV binding recording the name of every method called on it. */
function countingKv(kv: KVNamespace): { kv: KVNamespace; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(kv, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (calls.push(String(prop)), value.apply(target, args));
    },
  });
  return { kv: proxy, calls };
}

const banner = "/api/content/banner_message";
const read = async (bindings: Env = env) => {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${banner}`), bindings, ctx);
  const body = await res.json<{ content: string }>();
  await waitOnExecutionContext(ctx);
  return { cache: res.headers.get("X-Cache"), content: body.content };
};
const setBanner = (text: string) =>
  env.DB.prepare("UPDATE notion_site_content SET content = ?1 WHERE key = 'banner_message'").bind(text).run();

beforeEach(async () => {
  await env.CACHE.delete("settings:caching_enabled");
  await purgeCache(env.CACHE);
  await seedContent("Site Content", [{ key: "banner_message", type: "rich_text", content: "Before the purge" }]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("purgeCache", () => {
  // Writing the 1,000 entries locally takes a few seconds; the purge itself is one write.
  it("retires 1,000 entries with one KV write: no list, no delete, whatever the key count", { timeout: 30_000 }, async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `cache:items:slots:id:${String(i).padStart(4, "0")}`);
    const generation = await storedGeneration();
    for (let at = 0; at < names.length; at += 100) {
      await Promise.all(names.slice(at, at + 100).map((name) => env.CACHE.put(storedKey(generation, name), "{}")));
    }
    expect(await countCacheKeys(env.CACHE)).toBe(1000);
    const counting = countingKv(env.CACHE);
    await purgeCache(counting.kv);
    expect(counting.calls).toEqual(["put"]);
    expect(await storedGeneration()).not.toBe(generation);
    expect(await countCacheKeys(env.CACHE)).toBe(0);
    expect(await currentCacheKeys()).toEqual([]);
  });

  it("counts only the current generation's keys, reading at most the pages it is given", async () => {
    for (let i = 0; i < 25; i++) await env.CACHE.put(await storedKeyOf(`cache:content:k${i}`), "{}");
    expect(await countCacheKeys(env.CACHE, 4)).toBe(25);
    expect(await countCacheKeys(env.CACHE, 4, 3)).toBe(12);
    await purgeCache(env.CACHE);
    await env.CACHE.put(await storedKeyOf("cache:content:new"), "{}");
    expect(await countCacheKeys(env.CACHE)).toBe(1);
  });

  it("never serves what a read that began before the purge stores: the next read is a MISS with fresh data", async () => {
    // The table's columns, memoised by this read, so the held read's first query is the one reading the banner.
    expect((await worker.fetch(new Request("http://localhost/api/content/other"), env, createExecutionContext())).status).toBe(404);
    const held = heldD1(env.DB);
    const ctx = createExecutionContext();
    const started = worker.fetch(new Request(`http://localhost${banner}`), { ...env, DB: held.db }, ctx);
    await held.asked;
    await setBanner("After the purge");
    await purgeCache(env.CACHE);
    held.release();
    const stale = await started;
    expect(stale.headers.get("X-Cache")).toBe("MISS");
    expect((await stale.json<{ content: string }>()).content).toBe("Before the purge");
    await waitOnExecutionContext(ctx);
    expect(await read()).toEqual({ cache: "MISS", content: "After the purge" });
    expect(await read()).toEqual({ cache: "HIT", content: "After the purge" });
  });

  it("stops serving this isolate's memory copy once it sees a generation another isolate started", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect(await read()).toEqual({ cache: "MISS", content: "Before the purge" });
    await setBanner("After the purge");
    await env.CACHE.put(GENERATION_KEY, "elsewhere");
    expect(await read()).toEqual({ cache: "HIT", content: "Before the purge" });
    vi.setSystemTime(Date.now() + GENERATION_MEMO_MS);
    expect(await read()).toEqual({ cache: "MISS", content: "After the purge" });
  });

  it("tries again a second later when KV refuses the write (one write per key per second)", async () => {
    const before = await storedGeneration();
    let refused = 0;
    const kv = new Proxy(env.CACHE, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "put") return typeof value === "function" ? value.bind(target) : value;
        return (...args: Parameters<KVNamespace["put"]>) =>
          refused++ === 0 ? Promise.reject(new Error("KV PUT failed: 429 Too Many Requests")) : target.put(...args);
      },
    });
    const started = Date.now();
    await purgeCache(kv);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(refused).toBe(2);
    expect(await storedGeneration()).not.toBe(before);
  });
});
