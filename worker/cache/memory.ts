/** An isolate-local copy of recently read cache entries, so a hot key skips the KV round trip for a few seconds. */

/** How long an isolate serves an entry from memory before asking KV again; matches the caching switch's memo. */
export const MEMORY_TTL_MS = 5000;
/** Most entries one isolate keeps; the oldest go first. */
export const MEMORY_MAX_ENTRIES = 256;

const entries = new Map<string, { body: string; expiresAt: number }>();

/** The body held for `key`, or null when absent or older than MEMORY_TTL_MS. */
export function memoryGet(key: string, now = Date.now()): string | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expiresAt <= now) {
    entries.delete(key);
    return null;
  }
  return entry.body;
}

/** Holds `body` for `key` for MEMORY_TTL_MS, evicting the oldest entry when full. */
export function memorySet(key: string, body: string, now = Date.now()): void {
  entries.delete(key);
  if (entries.size >= MEMORY_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { body, expiresAt: now + MEMORY_TTL_MS });
}

/** Drops every entry (after a purge, a sync or a switch change in this isolate). */
export function memoryClear(): void {
  entries.clear();
}
