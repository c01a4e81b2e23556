/** Where the build reads the API: SITE_API_URL, default the local worker. */
export const API_URL = (process.env.SITE_API_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");

/** How long the build waits for one API answer before the page shows its failure state (SITE_API_TIMEOUT_MS, default 30 s). */
export const API_TIMEOUT_MS = Number(process.env.SITE_API_TIMEOUT_MS) || 30_000;

const retriesSetting = process.env.SITE_API_RETRIES ?? "";

/** How many times the build retries a transient catalogue failure before it fails (SITE_API_RETRIES, default 5). */
export const API_RETRIES = /^\d+$/.test(retriesSetting) ? Number(retriesSetting) : 5;
