import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { NotSyncedError } from "../tables/not-synced";
import { fail } from "../lib/errors";
import { countCacheEvent } from "./counters";
import { currentGeneration } from "./generation";
import { CACHE_TTL_SECONDS, type CacheType } from "#contract/cache";
import { cacheKey, storedKey } from "./keys";
import { memoryGet, memorySet } from "./memory";
import { isCachingEnabled } from "./settings";
import { logEvent } from "../lib/log";

/** Browser caching of public API answers: short, so operator edits show within a minute of a sync. */
export const API_CACHE_CONTROL = "public, max-age=60";

/** Browser caching of admin answers served through the KV cache: none, they are the operator's and change with every sync. */
const ADMIN_CACHE_CONTROL = "private, no-store";

/** How an answer was served, reported in the `X-Cache` header. */
type CacheState = "HIT" | "MISS" | "BYPASS";

function jsonResponse(body: string, state: CacheState, cacheControl: string): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/json; charset=UTF-8", "Cache-Control": cacheControl, "X-Cache": state },
  });
}

async function render(load: () => Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await load());
  } catch (err) {
    if (err instanceof NotSyncedError) fail(503, err.message);
    throw err;
  }
}

/**
 * Answers from the entry at `key` in the current cache generation as stored (no parse/stringify on a hit): this isolate's memory copy if a few seconds
 * old at most, else KV (a hit touches no D1: the switch is in KV, the counters are flushed in the background); else runs `load`, stores its JSON in KV for CACHE_TTL_SECONDS and answers with it. Caching switched off: `load` every time, no KV, no counting.
 * `load` throws for errors (fail(...), or NotSyncedError -> 503); errors are never stored.
 */
export function serveCached<T>(c: Context<AppEnv>, key: string, load: () => Promise<T>): Promise<Response> {
  return serveStored(c, key, () => render(load), API_CACHE_CONTROL);
}

/**
 * Middleware serving the JSON answer of the GET handler after it through the cache under `cacheKey(type, ...parts)`,
 * as serveCached does, with ADMIN_CACHE_CONTROL; an answer other than 2xx passes through unstored.
 */
export function cachedRoute(type: CacheType, ...parts: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = await cacheKey(type, ...parts);
    // Set, not returned: Hono keeps the handler's finalised response over a middleware's return value.
    c.res = await serveStored(
      c,
      key,
      async () => {
        await next();
        return c.res.ok ? c.res.text() : c.res;
      },
      ADMIN_CACHE_CONTROL,
    );
  };
}

/**
 * The body stored at `key` in the current generation (this isolate's memory copy, else KV), without counting a hit or
 * a miss; null when absent, unreadable or caching is off.
 */
export async function cachedBody(c: Context<AppEnv>, logicalKey: string): Promise<string | null> {
  const { CACHE } = c.env;
  const [enabled, generation] = await Promise.all([isCachingEnabled(CACHE), currentGeneration(CACHE)]);
  if (!enabled) return null;
  const key = storedKey(generation, logicalKey);
  return memoryGet(key) ?? (await CACHE.get(key, "text").catch(() => null));
}

/** The cache lookup shared by serveCached and cachedRoute: `load` gives the body to store, or a Response to answer with as it is. */
async function serveStored(
  c: Context<AppEnv>,
  logicalKey: string,
  load: () => Promise<string | Response>,
  cacheControl: string,
): Promise<Response> {
  const { DB, CACHE } = c.env;
  const [enabled, generation] = await Promise.all([isCachingEnabled(CACHE), currentGeneration(CACHE)]);
  if (!enabled) {
    const body = await load();
    return typeof body === "string" ? jsonResponse(body, "BYPASS", cacheControl) : body;
  }
  // Taken before `load` runs: an answer read from D1 before a purge is stored under the generation the purge retired.
  const key = storedKey(generation, logicalKey);
  const remembered = memoryGet(key);
  const hit =
    remembered ??
    (await CACHE.get(key, "text").catch((err) => {
      logEvent("cache_error", { op: "read", key, error: err });
      return null;
    }));
  if (hit !== null) {
    if (remembered === null) memorySet(key, hit);
    countCacheEvent(DB, c.executionCtx, "hits");
    return jsonResponse(hit, "HIT", cacheControl);
  }
  countCacheEvent(DB, c.executionCtx, "misses");
  const body = await load();
  if (typeof body !== "string") return body;
  // KV allows one write per key per second: a lost race between two misses only costs the next reader a miss.
  await CACHE.put(key, body, { expirationTtl: CACHE_TTL_SECONDS }).catch((error) => logEvent("cache_error", { op: "write", key, error }));
  memorySet(key, body);
  return jsonResponse(body, "MISS", cacheControl);
}
