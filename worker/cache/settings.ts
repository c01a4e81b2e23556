import { memoryClear } from "./memory";

/** The caching on/off switch in D1 `settings`, memoised per isolate for a few seconds. */

const SETTING_KEY = "caching_enabled";
/** How long an isolate trusts its memoised switch before reading D1 again. */
export const SETTING_MEMO_MS = 5000;

let memo: { enabled: Promise<boolean>; at: number } | undefined;

/** True unless caching was switched off (no row means on), memoised for SETTING_MEMO_MS. */
export function isCachingEnabled(db: D1Database, now = Date.now()): Promise<boolean> {
  return memo && now - memo.at < SETTING_MEMO_MS ? memo.enabled : readCachingEnabled(db, now);
}

/** The switch as stored in D1 right now (refreshing this isolate's memo). */
export function readCachingEnabled(db: D1Database, now = Date.now()): Promise<boolean> {
  const enabled = db
    .prepare("SELECT value FROM settings WHERE key = ?1")
    .bind(SETTING_KEY)
    .first<{ value: string }>()
    .then((row) => row?.value !== "false");
  memo = { enabled, at: now };
  enabled.catch(() => (memo = undefined));
  return enabled;
}

/** Switches caching on or off; this isolate sees the change at once, others within SETTING_MEMO_MS. */
export async function setCachingEnabled(db: D1Database, enabled: boolean): Promise<void> {
  await db
    .prepare("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
    .bind(SETTING_KEY, String(enabled))
    .run();
  memo = { enabled: Promise.resolve(enabled), at: Date.now() };
  memoryClear();
}
