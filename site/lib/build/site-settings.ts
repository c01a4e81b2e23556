/**
 * The dealer's settings every page follows (currency and locale of prices, the Web Analytics token), read once per
 * build from the worker's public `GET /api/site-settings`. A build that cannot read them fails rather than publish
 * prices in the wrong currency.
 */
import { API_PATHS } from "#contract/api-paths";
import type { PriceFormat } from "#contract/price-format";
import { PublicSettingsSchema, type PublicSettings } from "#contract/site-settings";
import { apiGet } from "./api";

/** The settings, fetched once per build (retried as the catalogue is). */
export function loadSiteSettings(): Promise<PublicSettings> {
  return apiGet(API_PATHS.siteSettings, PublicSettingsSchema, "catalogue");
}

/** How this build writes prices. */
export async function loadPriceFormat(): Promise<PriceFormat> {
  const { currency, locale } = await loadSiteSettings();
  return { currency, locale };
}
