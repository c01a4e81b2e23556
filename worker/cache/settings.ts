import { memoryClear } from "./memory";
import { logEvent } from "../lib/log";

/**
 * The caching on/off switch, kept in KV beside the entries it governs (outside `cache:`, so purges keep it): a cache
 * hit needs no D1. Each isolate holds the resolved value for SETTING_MEMO_MS (never a pending read: see columns.ts).
 */

/** KV key of the switch; absent means on. */
export const SWITCH_KEY = "settings:caching_enabled";
/** How long an isolate trusts its copy of the switch before reading KV again. */
const SETTING_MEMO_MS = 5000;

let memo: { enabled: boolean; at: number } | undefined;

/** True unless caching was switched off, from this isolate's copy when younger than SETTING_MEMO_MS. */
export async function isCachingEnabled(kv: KVNamespace, now = Date.now()): Promise<boolean> {
  return memo && now - memo.at < SETTING_MEMO_MS ? memo.enabled : readCachingEnabled(kv, now);
}

/** The switch as stored right now (refreshing this isolate's copy); a failed KV read keeps the last value known (on if none). */
export async function readCachingEnabled(kv: KVNamespace, now = Date.now()): Promise<boolean> {
  try {
    const enabled = (await kv.get(SWITCH_KEY, "text")) !== "false";
    memo = { enabled, at: now };
    return enabled;
  } catch (err) {
    logEvent("cache_error", { op: "read the caching switch", error: err });
    return memo?.enabled ?? true;
  }
}

/** Switches caching on or off; this isolate sees the change at once, others once their copy expires and KV has spread it (up to a minute). */
export async function setCachingEnabled(kv: KVNamespace, enabled: boolean): Promise<void> {
  await kv.put(SWITCH_KEY, String(enabled));
  memo = { enabled, at: Date.now() };
  memoryClear();
}
