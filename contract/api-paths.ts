/** Paths of the worker's HTTP API, named once for its routes, the site, the scripts and the tests. */

/** Prefix of every API path. */
export const API_PREFIX = "/api";

/** Public API paths; collection, content and the like take `/{key}` segments after theirs. */
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
  /** Prefix of Notion's webhook endpoint; the endpoint itself is `notionWebhookPath(secret)`. */
  notionWebhook: "/api/notion/webhook",
  enquiries: "/api/enquiries",
  /** The dealer's settings every page shows (currency, locale, analytics token), read by the site build. */
  siteSettings: "/api/site-settings",
} as const;

/** Notion's webhook endpoint: `/api/notion/webhook/{secret}`, the secret made by the worker (shown in the admin panel). */
export const notionWebhookPath = (secret: string) => `${API_PATHS.notionWebhook}/${encodeURIComponent(secret)}`;

/** What stands for the webhook secret in logs. */
const HIDDEN_WEBHOOK_SECRET = "<secret>";

const WEBHOOK_SECRET_IN_TEXT = new RegExp(`${API_PATHS.notionWebhook.replace(/\//g, "\\/")}/[^\\s/?#"'<>]+`, "g");

/** `text` (a log line, a path, a URL) with the secret of any webhook endpoint address in it replaced by `<secret>`. */
export const hideWebhookSecret = (text: string) =>
  text.replace(WEBHOOK_SECRET_IN_TEXT, `${API_PATHS.notionWebhook}/${HIDDEN_WEBHOOK_SECRET}`);

/** Prefix of every admin API path (all guarded by the admin session). */
export const ADMIN_PREFIX = "/api/admin";

/** Prefix of the admin cache controls: `ADMIN_PATHS.cacheStats`, `cacheClear`, `cacheEnable` and `cacheDisable` lie under it. */
export const ADMIN_CACHE_PREFIX = "/api/admin/cache";

/** Admin API paths. */
export const ADMIN_PATHS = {
  session: "/api/admin/session",
  cacheStats: "/api/admin/cache/stats",
  cacheClear: "/api/admin/cache/clear",
  cacheEnable: "/api/admin/cache/enable",
  cacheDisable: "/api/admin/cache/disable",
  syncSchemas: "/api/admin/notion-sync-schemas",
  notionTables: "/api/admin/notion-tables",
  /** Confirms a sync's held removal of more than half a table's rows, and syncs the table to carry it out. */
  confirmRemoval: "/api/admin/notion-removals/confirm",
  syncTable: "/api/admin/notion-sync-table",
  syncAll: "/api/admin/notion-sync-all",
  syncStatus: "/api/admin/sync-status",
  syncRuns: "/api/admin/sync-runs",
  notionWebhook: "/api/admin/notion-webhook",
  enquiries: "/api/admin/enquiries",
  notionCheck: "/api/admin/notion-check",
  settings: "/api/admin/settings",
  rebuildHook: "/api/admin/rebuild-hook",
  notionParent: "/api/admin/notion-parent",
  /** The first-run card: its steps' state; `/notion` the connection and the pages shared, `/setup` and `/check` the catalogue. */
  firstRun: "/api/admin/first-run",
} as const;

/**
 * `path` as a sub-app mounted at `prefix` routes it: `pathUnder(ADMIN_CACHE_PREFIX, ADMIN_PATHS.cacheStats)` is `/stats`.
 * Throws for a path outside the prefix, so a path moved out from under its sub-app stops the worker at its start.
 */
export function pathUnder(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`)) throw new Error(`${path} does not lie under ${prefix}`);
  return path.slice(prefix.length);
}

/** Site pages of the enquiry form: the form filled from `?category=&id=`, and the thank-you page a plain form post lands on. */
export const ENQUIRY_PAGES = { form: "/enquiry", thanks: "/enquiry/thanks" } as const;
