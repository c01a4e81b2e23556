import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { readCacheCounters, resetCacheCounters } from "../cache/counters";
import { countCacheKeys, purgeCache } from "../cache/purge";
import { readCachingEnabled, setCachingEnabled } from "../cache/settings";
import type { CacheStats } from "#contract/types";

/** Admin cache controls under `/api/admin/cache`: stats, clear, enable, disable (guarded by the admin middleware). */
const adminCache = new Hono<AppEnv>();

adminCache.get("/cache/stats", async (c) => {
  const { DB, CACHE } = c.env;
  const [isCachingEnabled, keys, stats] = await Promise.all([readCachingEnabled(CACHE), countCacheKeys(CACHE), readCacheCounters(DB)]);
  return c.json<CacheStats>({ isCachingEnabled, keys, stats });
});

adminCache.post("/cache/clear", async (c) => {
  // The entries retired are those of the generation the purge ends (counted first, as the stats count them).
  const removed = await countCacheKeys(c.env.CACHE);
  await purgeCache(c.env.CACHE);
  await resetCacheCounters(c.env.DB);
  return c.json({ message: `Cache cleared: ${removed} keys removed` });
});

adminCache.post("/cache/enable", async (c) => {
  await setCachingEnabled(c.env.CACHE, true);
  return c.json({ message: "Caching enabled" });
});

adminCache.post("/cache/disable", async (c) => {
  await setCachingEnabled(c.env.CACHE, false);
  return c.json({ message: "Caching disabled" });
});

export default adminCache;
