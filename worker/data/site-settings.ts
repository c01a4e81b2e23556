/** The operator's settings in `site_settings`: one JSON value per key, checked by its schema in contract/site-settings.ts. */
import { SITE_SETTINGS, type SiteSettingKey, type SiteSettingValue } from "#contract/site-settings";

/** A setting's value, or null when it is unset or its stored value no longer passes its schema. */
export async function readSetting<K extends SiteSettingKey>(db: D1Database, key: K): Promise<SiteSettingValue<K> | null> {
  const row = await db.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(key).first<{ value: string }>();
  return row ? parseSetting(key, row.value) : null;
}

/** Stores a setting's value (checked by its schema first: a value that fails it throws before anything is written). */
export async function writeSetting<K extends SiteSettingKey>(
  db: D1Database,
  key: K,
  value: SiteSettingValue<K>,
  now = new Date(),
): Promise<void> {
  const checked = SITE_SETTINGS[key].parse(value);
  await db
    .prepare(
      `INSERT INTO site_settings (key, value, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    )
    .bind(key, JSON.stringify(checked), now.toISOString())
    .run();
}

/** Removes a setting, so it reads as unset. */
export async function clearSetting(db: D1Database, key: SiteSettingKey): Promise<void> {
  await db.prepare("DELETE FROM site_settings WHERE key = ?1").bind(key).run();
}

function parseSetting<K extends SiteSettingKey>(key: K, text: string): SiteSettingValue<K> | null {
  try {
    const parsed = SITE_SETTINGS[key].safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as SiteSettingValue<K>) : null;
  } catch {
    return null;
  }
}
