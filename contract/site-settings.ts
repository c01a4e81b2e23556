import * as z from "zod/mini";
import { DEFAULT_PRICE_FORMAT, isKnownCurrency, isKnownLocale } from "./price-format.ts";

/** A whole number from `min` to `max`, refused with a sentence the admin panel shows under its field. */
const wholeNumber = (min: number, max: number) => {
  const error = `Enter a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}.`;
  return z.int(error).check(z.minimum(min, error), z.maximum(max, error));
};
import { hookUrlProblem } from "./rebuild-hook.ts";

/**
 * Every setting the worker keeps in D1 (`site_settings`), by key, with the schema its value must pass. A key is added
 * here with its schema; a stored value that no longer passes reads as unset.
 */
export const SITE_SETTINGS = {
  /** The Notion page the catalogue's databases sit under (32 hex digits, no dashes): set by the first run or learnt from a found database. */
  notionParentPageId: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  /** The currency prices are in (ISO 4217, e.g. `EUR`). */
  currency: z.string("Choose a currency.").check(z.refine(isKnownCurrency, "Choose a currency by its three-letter code, e.g. EUR.")),
  /** How prices and dates are written (a BCP 47 locale, e.g. `de-DE`). */
  locale: z
    .string("Choose a locale.")
    .check(z.maxLength(35, "Enter a locale such as en-GB."), z.refine(isKnownLocale, "Enter a locale such as en-GB or de-DE.")),
  /** The site's Cloudflare Web Analytics token: with one, every page loads Cloudflare's beacon. */
  analyticsToken: z
    .string("Enter the token.")
    .check(z.regex(/^[0-9a-f]{32}$/, "Enter the token from the Web Analytics snippet: 32 characters, 0-9 and a-f.")),
  /** Enquiries the whole site takes in an hour before further ones are flagged (stored, not emailed). */
  enquiriesPerHour: wholeNumber(1, 1000),
  /** Enquiries the whole site takes in a day before further ones are flagged. */
  enquiriesPerDay: wholeNumber(1, 10_000),
  /** The most enquiries kept: at it, the oldest flagged one makes room, and with none flagged a new enquiry is refused (503). */
  enquiriesStoredMax: wholeNumber(100, 100_000),
  /** Days a handled enquiry is kept before it is deleted. */
  handledEnquiryDays: wholeNumber(1, 3650),
  /** The Workers Builds deploy hook the worker calls after a sync, pasted in the admin panel; wins over the DEPLOY_HOOK_URL secret. */
  deployHookUrl: z.string().check(z.refine((url) => hookUrlProblem(url) === null)),
} as const;

/** A setting's key. */
export type SiteSettingKey = keyof typeof SITE_SETTINGS;

/** A setting's value, as its schema gives it. */
export type SiteSettingValue<K extends SiteSettingKey> = z.output<(typeof SITE_SETTINGS)[K]>;

/** The dealer's settings the site build reads (public: every page shows what they set). */
export const PUBLIC_SETTING_KEYS = ["currency", "locale", "analyticsToken"] as const;

/** The dealer's settings only the worker reads: the enquiry guard's limits and retention. */
const ENQUIRY_SETTING_KEYS = ["enquiriesPerHour", "enquiriesPerDay", "enquiriesStoredMax", "handledEnquiryDays"] as const;

/** A setting the dealer edits in the admin panel (Settings tab). */
export type DealerSettingKey = (typeof PUBLIC_SETTING_KEYS)[number] | (typeof ENQUIRY_SETTING_KEYS)[number];

/** Every dealer setting, in the order the Settings tab shows them. */
export const DEALER_SETTING_KEYS: readonly DealerSettingKey[] = [...PUBLIC_SETTING_KEYS, ...ENQUIRY_SETTING_KEYS];

/** What an unset dealer setting stands for (the analytics token: none, so no beacon). */
export const DEALER_SETTING_DEFAULTS = {
  currency: DEFAULT_PRICE_FORMAT.currency,
  locale: DEFAULT_PRICE_FORMAT.locale,
  analyticsToken: null,
  enquiriesPerHour: 20,
  enquiriesPerDay: 100,
  enquiriesStoredMax: 10_000,
  handledEnquiryDays: 90,
} as const satisfies { [K in DealerSettingKey]: SiteSettingValue<K> | null };

/** `GET /api/site-settings` answer: what the site build reads (each setting, or its default when unset). */
export const PublicSettingsSchema = z.object({
  currency: SITE_SETTINGS.currency,
  locale: SITE_SETTINGS.locale,
  analyticsToken: z.nullable(SITE_SETTINGS.analyticsToken),
});

/** `GET /api/site-settings` answer. */
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** Every dealer setting with its value in effect (its default when unset). */
const DealerSettingsSchema = z.object({
  ...PublicSettingsSchema.shape,
  enquiriesPerHour: SITE_SETTINGS.enquiriesPerHour,
  enquiriesPerDay: SITE_SETTINGS.enquiriesPerDay,
  enquiriesStoredMax: SITE_SETTINGS.enquiriesStoredMax,
  handledEnquiryDays: SITE_SETTINGS.handledEnquiryDays,
});

/** Every dealer setting with its value in effect. */
export type DealerSettings = z.infer<typeof DealerSettingsSchema>;

/**
 * `PUT /api/admin/settings` body: the settings to change, each a value its schema passes, or null to go back to its
 * default (the analytics token: none). Keys left out are kept.
 */
export const DealerSettingsPatchSchema = z.strictObject({
  currency: z.optional(z.nullable(SITE_SETTINGS.currency)),
  locale: z.optional(z.nullable(SITE_SETTINGS.locale)),
  analyticsToken: z.optional(z.nullable(SITE_SETTINGS.analyticsToken)),
  enquiriesPerHour: z.optional(z.nullable(SITE_SETTINGS.enquiriesPerHour)),
  enquiriesPerDay: z.optional(z.nullable(SITE_SETTINGS.enquiriesPerDay)),
  enquiriesStoredMax: z.optional(z.nullable(SITE_SETTINGS.enquiriesStoredMax)),
  handledEnquiryDays: z.optional(z.nullable(SITE_SETTINGS.handledEnquiryDays)),
});

/** `PUT /api/admin/settings` body. */
export type DealerSettingsPatch = z.infer<typeof DealerSettingsPatchSchema>;

/**
 * Whether the optional parts are on, as the worker sees them. `email`: `on`; `no-address` without ENQUIRY_EMAIL_TO;
 * `no-binding` with an address but no `send_email` binding ENQUIRY_EMAIL. `turnstile`: whether TURNSTILE_SECRET is set
 * (the site key is built into the pages, which the admin panel reads itself). `rebuild`: whether a deploy hook is in use (the admin panel's or DEPLOY_HOOK_URL).
 */
const FeaturesSchema = z.object({
  email: z.enum(["on", "no-address", "no-binding"]),
  turnstile: z.boolean(),
  rebuild: z.boolean(),
});

/** Whether the optional parts are on. */
export type Features = z.infer<typeof FeaturesSchema>;

/** `GET /api/admin/settings` answer: every dealer setting in effect, which of them are set, and what is switched off. */
export const AdminSettingsSchema = z.object({
  settings: DealerSettingsSchema,
  /** The dealer settings that hold a stored value (the others show their default). */
  stored: z.array(z.enum(DEALER_SETTING_KEYS as [DealerSettingKey, ...DealerSettingKey[]])),
  features: FeaturesSchema,
});

/** `GET /api/admin/settings` answer. */
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/** `PUT /api/admin/settings` answer: the settings now in effect, and what became of the site rebuild a public change asks for. */
export const SettingsSavedSchema = z.object({
  ...AdminSettingsSchema.shape,
  message: z.string(),
  /** `requested`: the deploy hook was called; `not-configured`: no deploy hook; `not-needed`: only worker settings changed. */
  rebuild: z.enum(["requested", "not-configured", "not-needed"]),
});

/** `PUT /api/admin/settings` answer. */
export type SettingsSaved = z.infer<typeof SettingsSavedSchema>;
