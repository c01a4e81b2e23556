import type { z } from "zod";
import { CACHE_TTL_SECONDS } from "#contract/cache";
import { currentGeneration } from "./generation";
import { logEvent } from "../lib/log";

/** KV prefix of values worked out from the synced data, one set per cache generation (outside `cache:`: not answers, not counted as cache keys). */
const DERIVED_PREFIX = "derived:";

/** Most values one isolate keeps (a few per listing view); the oldest go first. */
const MEMO_MAX_ENTRIES = 64;

// Resolved values only, keyed by generation: a value never changes within its generation.
const memo = new Map<string, unknown>();

function remember(key: string, value: unknown): void {
  if (memo.size >= MEMO_MAX_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
}

/**
 * A value worked out from the synced data (a listing view's count and filter choices), once per data version: the cache
 * generation, which every sync and every cache clear replaces. This isolate's copy, else the one in KV under the current
 * generation (checked against `schema`), else `compute`, stored in KV for CACHE_TTL_SECONDS. A failed KV read or write
 * only costs another compute. Kept whatever the caching switch says: it is what D1 holds until the next sync, not an answer.
 */
export async function perGeneration<T>(kv: KVNamespace, name: string, schema: z.ZodType<T>, compute: () => Promise<T>): Promise<T> {
  // Taken before `compute` runs, as the cache's own keys are: a value read before a purge is stored under the retired generation.
  const key = `${DERIVED_PREFIX}${await currentGeneration(kv)}:${name}`;
  if (memo.has(key)) return memo.get(key) as T;
  const stored = await kv.get(key, "json").catch((err) => {
    logEvent("cache_error", { op: "read", key, error: err });
    return null;
  });
  const parsed = stored === null ? null : schema.safeParse(stored);
  if (parsed?.success) {
    remember(key, parsed.data);
    return parsed.data;
  }
  const value = await compute();
  // KV allows one write per key per second: a lost race between two isolates only means both computed it.
  await kv
    .put(key, JSON.stringify(value), { expirationTtl: CACHE_TTL_SECONDS })
    .catch((error) => logEvent("cache_error", { op: "write", key, error }));
  remember(key, value);
  return value;
}
