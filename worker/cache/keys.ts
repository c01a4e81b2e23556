import { CACHE_KEY_PATTERNS, CACHE_PREFIX, type CacheType } from "#contract/cache";

/** KV cache keys from the layout in `#contract/cache`; in KV each carries the cache generation after `cache:` (storedKey). */

/** Bytes kept free in a key for the generation storedKey adds (a generation is at most 16 characters). */
const GENERATION_ROOM = 24;
const MAX_KEY_BYTES = 512 - GENERATION_ROOM;
const encoder = new TextEncoder();

/** The key for `type` and its parts; a key too long for KV's 512-byte limit once storedKey adds the generation is replaced by a SHA-256 of itself under the same prefix. */
export async function cacheKey(type: CacheType, ...parts: string[]): Promise<string> {
  const prefix = CACHE_KEY_PATTERNS[type].prefix;
  const key = prefix + parts.join(":");
  const bytes = encoder.encode(key);
  if (bytes.length <= MAX_KEY_BYTES) return key;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `${prefix}sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The KV prefix of every entry of one generation (one list under it counts them). */
export function generationPrefix(generation: string): string {
  return `${CACHE_PREFIX}${generation}:`;
}

/** The KV key of cache key `key` in `generation`. */
export function storedKey(generation: string, key: string): string {
  return generationPrefix(generation) + key.slice(CACHE_PREFIX.length);
}
