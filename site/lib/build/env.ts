/** Where the build reads the API: SITE_API_URL, default the local worker. */
export const API_URL = (process.env.SITE_API_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");

/** Page size used when the build walks every listing to find all items. */
export const BUILD_LISTING_LIMIT = 100;
