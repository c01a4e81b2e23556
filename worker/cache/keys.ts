/**
 * KV cache key layout: one prefix per content type, all under `cache:`. Pure, so the admin panel can import it.
 * In KV each key carries the cache generation after `cache:` (storedKey): `cache:{generation}:content:{key}`.
 */

/** Prefix shared by every cache key. */
export const CACHE_PREFIX = "cache:";

/** Server cache lifetime for every content type: 6 hours. */
export const CACHE_TTL_SECONDS = 21600;

/** The key patterns per cache type, documented once for the code and the admin panel. */
export const CACHE_KEY_PATTERNS = {
  content: { prefix: "cache:content:", pattern: "cache:content:{key}", holds: "Site content blocks (GET /api/content/{key})" },
  section: {
    prefix: "cache:section:",
    pattern: "cache:section:{posts|description|header}:{section or page id}",
    holds: "Posts by section, page descriptions and page headers",
  },
  databases: { prefix: "cache:databases:", pattern: "cache:databases:tables", holds: "The synced tables with their record counts (GET /api/admin/notion-tables)" },
  items: {
    prefix: "cache:items:",
    pattern: "cache:items:{category}:list:{normalised query} and cache:items:{category}:id:{id}",
    holds: "Collection listings of every item (plain and gallery views share entries) and item details",
  },
  featured: { prefix: "cache:featured:", pattern: "cache:featured:{category}:{normalised query}", holds: "For-sale listings" },
  images: { prefix: "cache:images:", pattern: "cache:images:{key}", holds: "Image records (GET /api/images/{key})" },
  search: { prefix: "cache:search:", pattern: "cache:search:{normalised query}", holds: "Catalogue search results (GET /api/search)" },
} as const;

/** One of the cache types named in CACHE_KEY_PATTERNS. */
export type CacheType = keyof typeof CACHE_KEY_PATTERNS;

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
