import { logEvent } from "../lib/log";

/**
 * Cache hit/miss counters: counted in this isolate's memory, added to D1 `cache_counters` by a background write
 * (ctx.waitUntil) at most every FLUSH_INTERVAL_MS, so answering never waits on, or fails with, D1.
 * Only plain numbers are shared between requests: flushes never await one another (additions commute).
 */

/** Minimum time between two background flushes from one isolate. */
export const FLUSH_INTERVAL_MS = 30_000;

type Counts = { hits: number; misses: number };

let pending: Counts = { hits: 0, misses: 0 };
let lastFlushAt = 0;

/** Counts one hit or miss; starts a background flush (ctx.waitUntil) when the last one is FLUSH_INTERVAL_MS old. */
export function countCacheEvent(db: D1Database, ctx: Pick<ExecutionContext, "waitUntil">, kind: keyof Counts, now = Date.now()): void {
  pending[kind] += 1;
  if (now - lastFlushAt < FLUSH_INTERVAL_MS) return;
  ctx.waitUntil(flushCacheCounters(db, now));
}

/** Adds this isolate's counts to D1 and zeroes them; a failed write puts them back for the next flush. */
async function flushCacheCounters(db: D1Database, now = Date.now()): Promise<void> {
  lastFlushAt = now;
  const taken = pending;
  if (taken.hits === 0 && taken.misses === 0) return;
  pending = { hits: 0, misses: 0 };
  try {
    const add = db.prepare("UPDATE cache_counters SET value = value + ?1 WHERE name = ?2");
    await db.batch([add.bind(taken.hits, "hits"), add.bind(taken.misses, "misses")]);
  } catch (err) {
    pending.hits += taken.hits;
    pending.misses += taken.misses;
    logEvent("cache_error", { op: "flush the hit counters", error: err });
  }
}

/** The persisted totals, after flushing this isolate's counts (another request's flush still under way lands a moment later). */
export async function readCacheCounters(db: D1Database): Promise<Counts> {
  await flushCacheCounters(db);
  const { results } = await db.prepare("SELECT name, value FROM cache_counters").all<{ name: keyof Counts; value: number }>();
  const counts: Counts = { hits: 0, misses: 0 };
  for (const row of results) counts[row.name] = row.value;
  return counts;
}

/** Sets both totals back to zero, dropping this isolate's unflushed counts too. */
export async function resetCacheCounters(db: D1Database): Promise<void> {
  pending = { hits: 0, misses: 0 };
  await db.prepare("UPDATE cache_counters SET value = 0").run();
}
