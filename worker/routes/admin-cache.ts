import { Hono } from "hono";
import { ADMIN_CACHE_PREFIX, ADMIN_PATHS, pathUnder } from "#contract/api-paths";
import type { AppEnv } from "../app-env";
import { readCacheCounters, resetCacheCounters } from "../cache/counters";
import { countCacheKeys, purgeCache } from "../cache/purge";
import { readCachingEnabled, setCachingEnabled } from "../cache/settings";
import type { CacheStats, MessageResult } from "#contract/admin-api";

/** Admin cache controls at `/api/admin/cache`: stats, clear, enable, disable (guarded by the admin middleware). */
const adminCache = new Hono<AppEnv>();

/** A cache control's path under the sub-app's prefix (`/stats`...). */
const at = (path: string) => pathUnder(ADMIN_CACHE_PREFIX, path);

adminCache.get(at(ADMIN_PATHS.cacheStats), async (c) => {
  const { DB, CACHE } = c.env;
  const [isCachingEnabled, keys, stats] = await Promise.all([readCachingEnabled(CACHE), countCacheKeys(CACHE), readCacheCounters(DB)]);
  return c.json<CacheStats>({ isCachingEnabled, keys, stats });
});

adminCache.post(at(ADMIN_PATHS.cacheClear), async (c) => {
  // The entries retired are those of the generation the purge ends (counted first, as the stats count them).
  const removed = await countCacheKeys(c.env.CACHE);
  await purgeCache(c.env.CACHE);
  await resetCacheCounters(c.env.DB);
  return c.json<MessageResult>({ message: `Cache cleared: ${removed} keys removed` });
});

adminCache.post(at(ADMIN_PATHS.cacheEnable), async (c) => {
  await setCachingEnabled(c.env.CACHE, true);
  return c.json<MessageResult>({ message: "Caching enabled" });
});

adminCache.post(at(ADMIN_PATHS.cacheDisable), async (c) => {
  await setCachingEnabled(c.env.CACHE, false);
  return c.json<MessageResult>({ message: "Caching disabled" });
});

export default adminCache;
