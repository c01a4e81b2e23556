/** The dealer's settings (currency, locale, analytics, the enquiry guard's limits), each its stored value or its default. */
import {
  DEALER_SETTING_DEFAULTS,
  DEALER_SETTING_KEYS,
  PUBLIC_SETTING_KEYS,
  type DealerSettingKey,
  type DealerSettings,
  type DealerSettingsPatch,
  type PublicSettings,
} from "#contract/site-settings";
import type { EnquiryLimits } from "./enquiries";
import { clearSettingStatement, readSettings, writeSettingStatement } from "./site-settings";

/** Every dealer setting in effect, and which of them hold a stored value. */
export async function readDealerSettings(db: D1Database): Promise<{ settings: DealerSettings; stored: DealerSettingKey[] }> {
  const found = await readSettings(db, DEALER_SETTING_KEYS);
  const stored = DEALER_SETTING_KEYS.filter((key) => found[key] !== undefined);
  return { settings: { ...DEALER_SETTING_DEFAULTS, ...found }, stored };
}

/** The settings the site build reads. */
export async function readPublicSettings(db: D1Database): Promise<PublicSettings> {
  const found = await readSettings(db, PUBLIC_SETTING_KEYS);
  return {
    currency: found.currency ?? DEALER_SETTING_DEFAULTS.currency,
    locale: found.locale ?? DEALER_SETTING_DEFAULTS.locale,
    analyticsToken: found.analyticsToken ?? DEALER_SETTING_DEFAULTS.analyticsToken,
  };
}

/** The limits enquiries are stored under, and the days handled ones are kept. */
export async function readEnquirySettings(db: D1Database): Promise<EnquiryLimits & { handledDays: number }> {
  const { settings } = await readDealerSettings(db);
  return {
    perHour: settings.enquiriesPerHour,
    perDay: settings.enquiriesPerDay,
    storedMax: settings.enquiriesStoredMax,
    handledDays: settings.handledEnquiryDays,
  };
}

/** Stores the settings `patch` names, all or none (null: back to the default); answers the keys whose value in effect changed. */
export async function writeDealerSettings(db: D1Database, patch: DealerSettingsPatch, now = new Date()): Promise<DealerSettingKey[]> {
  const before = (await readDealerSettings(db)).settings;
  const keys = DEALER_SETTING_KEYS.filter((key) => patch[key] !== undefined);
  if (keys.length === 0) return [];
  await db.batch(
    keys.map((key) => {
      const value = patch[key];
      return value === null || value === undefined ? clearSettingStatement(db, key) : writeSettingStatement(db, key, value, now);
    }),
  );
  return keys.filter((key) => (patch[key] ?? DEALER_SETTING_DEFAULTS[key]) !== before[key]);
}
