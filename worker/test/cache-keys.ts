/** Cache key helpers for workerd tests: what KV holds in the current cache generation, by logical key. */
import { env } from "cloudflare:test";
import { GENERATION_INITIAL, GENERATION_KEY } from "../cache/generation";
import { CACHE_PREFIX } from "#contract/cache";
import { generationPrefix, storedKey } from "../cache/keys";

/** The current cache generation as KV holds it. */
export async function storedGeneration(): Promise<string> {
  return (await env.CACHE.get(GENERATION_KEY)) ?? GENERATION_INITIAL;
}

/** The KV key of logical cache key `key` (such as `cache:content:a`) in the current generation. */
export async function storedKeyOf(key: string): Promise<string> {
  return storedKey(await storedGeneration(), key);
}

/** The logical keys of the current generation's entries, sorted. */
export async function currentCacheKeys(): Promise<string[]> {
  return (await currentCacheEntries()).map((k) => k.name);
}

/** The current generation's entries: logical key and expiry (seconds since the epoch). */
export async function currentCacheEntries(): Promise<{ name: string; expiration?: number }[]> {
  const prefix = generationPrefix(await storedGeneration());
  const { keys } = await env.CACHE.list({ prefix });
  return keys
    .map((k) => ({ name: CACHE_PREFIX + k.name.slice(prefix.length), expiration: k.expiration }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
