/** Where the build reads the API: SITE_API_URL, default the local worker. */
export const API_URL = (process.env.SITE_API_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");

/**
 * SITE_NOTHING_PUBLISHED=1: the build of a site whose worker was never deployed (the deploy that follows puts it out),
 * so there is no API to read: the catalogue is empty, every content block its fallback, and each page shows the first-run
 * note. Set by `npm run build` and `npm run deploy` when Cloudflare answers that the worker does not exist.
 */
export const NOTHING_PUBLISHED = process.env.SITE_NOTHING_PUBLISHED === "1";

/**
 * The build token a worker deployed before the catalogue became public still asks for on `/api/build/*`: sent when the
 * build has one, so the first rebuild after such a site takes this version (read against the old worker) still works.
 */
export const LEGACY_BUILD_TOKEN = process.env.BUILD_TOKEN ?? "";

/** How long the build waits for one API answer before the page shows its failure state (SITE_API_TIMEOUT_MS, default 30 s). */
export const API_TIMEOUT_MS = Number(process.env.SITE_API_TIMEOUT_MS) || 30_000;

const retriesSetting = process.env.SITE_API_RETRIES ?? "";

/** How many times the build retries a transient catalogue failure before it fails (SITE_API_RETRIES, default 5). */
export const API_RETRIES = /^\d+$/.test(retriesSetting) ? Number(retriesSetting) : 5;
