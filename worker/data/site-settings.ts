/** The operator's settings in `site_settings`: one JSON value per key, checked by its schema in contract/site-settings.ts. */
import { SITE_SETTINGS, type SiteSettingKey, type SiteSettingValue } from "#contract/site-settings";

/** A setting's value, or null when it is unset or its stored value no longer passes its schema. */
export async function readSetting<K extends SiteSettingKey>(db: D1Database, key: K): Promise<SiteSettingValue<K> | null> {
  const row = await db.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(key).first<{ value: string }>();
  return row ? parseSetting(key, row.value) : null;
}

/** The values of `keys` that are set (one query; a key unset or failing its schema is left out). */
export async function readSettings<K extends SiteSettingKey>(
  db: D1Database,
  keys: readonly K[],
): Promise<{ [P in K]?: SiteSettingValue<P> }> {
  const { results } = await db
    .prepare("SELECT key, value FROM site_settings WHERE key IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(keys))
    .all<{ key: K; value: string }>();
  const found: { [P in K]?: SiteSettingValue<P> } = {};
  for (const row of results) {
    const value = parseSetting(row.key, row.value);
    if (value !== null) found[row.key] = value;
  }
  return found;
}

/** The statement storing a setting's value (checked by its schema first: a value that fails it throws), for a batch. */
export function writeSettingStatement<K extends SiteSettingKey>(
  db: D1Database,
  key: K,
  value: SiteSettingValue<K>,
  now = new Date(),
): D1PreparedStatement {
  const checked = SITE_SETTINGS[key].parse(value);
  return db
    .prepare(
      `INSERT INTO site_settings (key, value, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    )
    .bind(key, JSON.stringify(checked), now.toISOString());
}

/** The statement removing a setting, for a batch. */
export function clearSettingStatement(db: D1Database, key: SiteSettingKey): D1PreparedStatement {
  return db.prepare("DELETE FROM site_settings WHERE key = ?1").bind(key);
}

/** Stores a setting's value (checked by its schema first: a value that fails it throws before anything is written). */
export async function writeSetting<K extends SiteSettingKey>(
  db: D1Database,
  key: K,
  value: SiteSettingValue<K>,
  now = new Date(),
): Promise<void> {
  await writeSettingStatement(db, key, value, now).run();
}

/** Removes a setting, so it reads as unset. */
export async function clearSetting(db: D1Database, key: SiteSettingKey): Promise<void> {
  await clearSettingStatement(db, key).run();
}

function parseSetting<K extends SiteSettingKey>(key: K, text: string): SiteSettingValue<K> | null {
  try {
    const parsed = SITE_SETTINGS[key].safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as SiteSettingValue<K>) : null;
  } catch {
    return null;
  }
}
