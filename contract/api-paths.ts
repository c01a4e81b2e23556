/** Paths of the worker's HTTP API, named once for its routes, the site, the scripts and the tests. */

/** Prefix of every API path. */
export const API_PREFIX = "/api";

/** Public API paths (spec section 4); collection, content and the like take `/{key}` segments after theirs. */
export const API_PATHS = {
  health: "/api/health",
  content: "/api/content",
  images: "/api/images",
  pageDescription: "/api/page-description",
  posts: "/api/posts",
  pageHeaders: "/api/page-headers",
  collection: "/api/collection",
  search: "/api/search",
  build: "/api/build",
  notionWebhook: "/api/notion/webhook",
} as const;

/** Prefix of every admin API path (all guarded by the admin session). */
export const ADMIN_PREFIX = "/api/admin";

/** Admin API paths. */
export const ADMIN_PATHS = {
  session: "/api/admin/session",
  cacheStats: "/api/admin/cache/stats",
  cacheClear: "/api/admin/cache/clear",
  cacheEnable: "/api/admin/cache/enable",
  cacheDisable: "/api/admin/cache/disable",
  syncSchemas: "/api/admin/notion-sync-schemas",
  notionTables: "/api/admin/notion-tables",
  syncTable: "/api/admin/notion-sync-table",
  syncAll: "/api/admin/notion-sync-all",
  syncStatus: "/api/admin/sync-status",
  syncRuns: "/api/admin/sync-runs",
  notionWebhook: "/api/admin/notion-webhook",
  notionCheck: "/api/admin/notion-check",
} as const;
