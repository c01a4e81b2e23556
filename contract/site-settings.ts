import * as z from "zod/mini";

/**
 * Every setting the worker keeps in D1 (`site_settings`), by key, with the schema its value must pass. A key is added
 * here with its schema; a stored value that no longer passes reads as unset.
 */
export const SITE_SETTINGS = {
  /** The Notion page the catalogue's databases sit under (32 hex digits, no dashes): set by the first run or learnt from a found database. */
  notionParentPageId: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
} as const;

/** A setting's key. */
export type SiteSettingKey = keyof typeof SITE_SETTINGS;

/** A setting's value, as its schema gives it. */
export type SiteSettingValue<K extends SiteSettingKey> = z.output<(typeof SITE_SETTINGS)[K]>;
