import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { NotSyncedError } from "../data/not-synced";
import { fail } from "../lib/errors";
import { countCacheEvent } from "./counters";
import { CACHE_TTL_SECONDS } from "./keys";
import { memoryGet, memorySet } from "./memory";
import { isCachingEnabled } from "./settings";

/** Browser caching of public API answers: short, so operator edits show within a minute of a sync. */
export const API_CACHE_CONTROL = "public, max-age=60";

/** How an answer was served, reported in the `X-Cache` header. */
export type CacheState = "HIT" | "MISS" | "BYPASS";

function jsonResponse(body: string, state: CacheState): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/json; charset=UTF-8", "Cache-Control": API_CACHE_CONTROL, "X-Cache": state },
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
 * Answers from the entry at `key` as stored (no parse/stringify on a hit): this isolate's memory copy if a few seconds
 * old at most, else KV; else runs `load`, stores its JSON in KV for CACHE_TTL_SECONDS and answers with it. Caching switched off: `load` every time, no KV, no counting.
 * `load` throws for errors (fail(...), or NotSyncedError -> 503); errors are never stored.
 */
export async function serveCached(c: Context<AppEnv>, key: string, load: () => Promise<unknown>): Promise<Response> {
  const { DB, CACHE } = c.env;
  if (!(await isCachingEnabled(DB))) return jsonResponse(await render(load), "BYPASS");
  const remembered = memoryGet(key);
  const hit = remembered ?? (await CACHE.get(key, "text").catch((err) => {
    console.error(`cache read of ${key} failed:`, err);
    return null;
  }));
  if (hit !== null) {
    if (remembered === null) memorySet(key, hit);
    countCacheEvent(DB, c.executionCtx, "hits");
    return jsonResponse(hit, "HIT");
  }
  countCacheEvent(DB, c.executionCtx, "misses");
  const body = await render(load);
  // KV allows one write per key per second: a lost race between two misses only costs the next reader a miss.
  await CACHE.put(key, body, { expirationTtl: CACHE_TTL_SECONDS }).catch((err) => console.error(`cache write of ${key} failed:`, err));
  memorySet(key, body);
  return jsonResponse(body, "MISS");
}
