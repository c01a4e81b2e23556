/** The SyncDebouncer's queue in its storage: one key per queued page or schema id, and a count of them. */
import type { WebhookChanges } from "../../notion/webhook-events";

/** Key prefix of a queued page id. */
export const PAGE = "page:";
/** Key prefix of a queued data source (schema change) id. */
export const SCHEMA = "schema:";
/** How many page and schema keys are stored (kept beside them, so a bound is checked without listing them). */
const QUEUED = "queued";

/** Most keys one storage get or delete takes. */
const KEYS_PER_CALL = 128;
/** Most keys one storage list returns. */
const LIST_PAGE = 1000;

/** The storage keys of `changes`, each once. */
export function keysOf(changes: WebhookChanges): string[] {
  return [...new Set([...changes.pages.map((id) => PAGE + id), ...changes.schemas.map((id) => SCHEMA + id)])];
}

/** The ids behind keys of `prefix`. */
export const idsOf = (keys: Iterable<string>, prefix: string) => [...keys].map((k) => k.slice(prefix.length));

/** Those of `keys` not stored yet. */
export async function absentKeys(storage: DurableObjectStorage, keys: string[]): Promise<string[]> {
  const absent: string[] = [];
  for (let at = 0; at < keys.length; at += KEYS_PER_CALL) {
    const chunk = keys.slice(at, at + KEYS_PER_CALL);
    const found = await storage.get(chunk);
    absent.push(...chunk.filter((key) => !found.has(key)));
  }
  return absent;
}

/** How many page and schema ids are queued (counted once from the keys when the count is missing, as in older state). */
export async function queuedCount(storage: DurableObjectStorage): Promise<number> {
  const stored = await storage.get<number>(QUEUED);
  if (stored !== undefined) return stored;
  let count = 0;
  for (const prefix of [PAGE, SCHEMA]) count += (await storage.list({ prefix })).size;
  await storage.put(QUEUED, count);
  return count;
}

/** The entry that sets the count to `count`, for a put with the keys it counts. */
export const countEntry = (count: number) => ({ [QUEUED]: count });

/** Deletes those of `keys` (page and schema keys) not queued again after mark `seq`, and lowers the count by how many went. */
export async function forgetUnchanged(storage: DurableObjectStorage, keys: string[], seq: number): Promise<void> {
  const before = await queuedCount(storage);
  let deleted = 0;
  for (let at = 0; at < keys.length; at += KEYS_PER_CALL) {
    const marks = await storage.get<number | string>(keys.slice(at, at + KEYS_PER_CALL));
    // A mark that is not a number was given before marks rose (a uuid): older than any batch.
    const unchanged = [...marks].filter(([, mark]) => typeof mark !== "number" || mark <= seq).map(([key]) => key);
    if (unchanged.length) deleted += await storage.delete(unchanged);
  }
  if (deleted) await storage.put(QUEUED, Math.max(0, before - deleted));
}

/** Deletes every queued page and schema id (a full sync covers them all) and sets the count to 0. */
export async function dropQueued(storage: DurableObjectStorage): Promise<void> {
  for (const prefix of [PAGE, SCHEMA]) {
    for (;;) {
      const keys = [...(await storage.list({ prefix, limit: LIST_PAGE })).keys()];
      if (!keys.length) break;
      for (let at = 0; at < keys.length; at += KEYS_PER_CALL) await storage.delete(keys.slice(at, at + KEYS_PER_CALL));
    }
  }
  await storage.put(QUEUED, 0);
}
