/**
 * KV cache key layout: one prefix per content type, all under `cache:`. The worker builds its keys from it; the
 * admin panel documents it. In KV each key carries the cache generation after `cache:`: `cache:{generation}:content:{key}`.
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
  databases: {
    prefix: "cache:databases:",
    pattern: "cache:databases:tables",
    holds: "The synced tables with their record counts (GET /api/admin/notion-tables)",
  },
  items: {
    prefix: "cache:items:",
    pattern: "cache:items:{category}:list:{normalised query}, cache:items:{category}:id:{id} and cache:items:{category}:all:{after id}",
    holds:
      "Collection listings of every item (plain and gallery views share entries), item details, and the catalogue slices the site build reads",
  },
  featured: { prefix: "cache:featured:", pattern: "cache:featured:{category}:{normalised query}", holds: "For-sale listings" },
  images: { prefix: "cache:images:", pattern: "cache:images:{key}", holds: "Image records (GET /api/images/{key})" },
  search: { prefix: "cache:search:", pattern: "cache:search:{normalised query}", holds: "Catalogue search results (GET /api/search)" },
} as const;

/** One of the cache types named in CACHE_KEY_PATTERNS. */
export type CacheType = keyof typeof CACHE_KEY_PATTERNS;
