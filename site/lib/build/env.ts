/**
 * The worker's BUILD_TOKEN, sent on every `/api/build/*` request (the catalogue's bulk reads, which only the build may
 * make). Read here, in the build's Node code, and never passed to a page or an island, so no built file holds it.
 */
export const BUILD_TOKEN = process.env.BUILD_TOKEN ?? "";

/** Why a build without BUILD_TOKEN cannot read the catalogue. */
export const MISSING_BUILD_TOKEN =
  "BUILD_TOKEN is not set: the site build reads the catalogue from /api/build/*, which answers only to the worker's BUILD_TOKEN secret (npm start passes it; for npm run build, set BUILD_TOKEN to the worker's value)";

/** Where the build reads the API: SITE_API_URL, default the local worker. */
export const API_URL = (process.env.SITE_API_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");

/** How long the build waits for one API answer before the page shows its failure state (SITE_API_TIMEOUT_MS, default 30 s). */
export const API_TIMEOUT_MS = Number(process.env.SITE_API_TIMEOUT_MS) || 30_000;

const retriesSetting = process.env.SITE_API_RETRIES ?? "";

/** How many times the build retries a transient catalogue failure before it fails (SITE_API_RETRIES, default 5). */
export const API_RETRIES = /^\d+$/.test(retriesSetting) ? Number(retriesSetting) : 5;
