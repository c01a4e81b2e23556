import { Hono } from "hono";
import type { PublicSettings } from "#contract/site-settings";
import type { AppEnv } from "../app-env";
import { readPublicSettings } from "../data/dealer-settings";

/**
 * `GET /api/site-settings`: the dealer's settings every page shows (currency, locale, Web Analytics token), each its
 * default when unset: what the site build reads. Never cached, so a build right after a change sees it.
 */
const siteSettings = new Hono<AppEnv>();

siteSettings.get("/", async (c) => c.json<PublicSettings>(await readPublicSettings(c.env.DB), 200, { "Cache-Control": "no-store" }));

export default siteSettings;
