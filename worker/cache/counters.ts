/** Cache hit/miss counters: counted in memory, flushed to D1 `cache_counters` at most every FLUSH_INTERVAL_MS. */

/** Minimum time between two background flushes from one isolate. */
export const FLUSH_INTERVAL_MS = 5000;

type Counts = { hits: number; misses: number };

let pending: Counts = { hits: 0, misses: 0 };
let lastFlushAt = 0;
let flushing: Promise<void> | undefined;

/** Counts one hit or miss; starts a background flush (ctx.waitUntil) when the last one is old enough. */
export function countCacheEvent(db: D1Database, ctx: Pick<ExecutionContext, "waitUntil">, kind: keyof Counts, now = Date.now()): void {
  pending[kind] += 1;
  if (flushing || now - lastFlushAt < FLUSH_INTERVAL_MS) return;
  ctx.waitUntil(flushCacheCounters(db));
}

/** Writes the in-memory deltas to D1 (after any flush already under way); failed writes keep their deltas. */
export async function flushCacheCounters(db: D1Database): Promise<void> {
  while (flushing) await flushing;
  lastFlushAt = Date.now();
  const taken = pending;
  if (taken.hits === 0 && taken.misses === 0) return;
  pending = { hits: 0, misses: 0 };
  const add = db.prepare("UPDATE cache_counters SET value = value + ?1 WHERE name = ?2");
  flushing = db
    .batch([add.bind(taken.hits, "hits"), add.bind(taken.misses, "misses")])
    .then(
      () => undefined,
      (err) => {
        pending.hits += taken.hits;
        pending.misses += taken.misses;
        console.error("cache counter flush failed:", err);
      },
    )
    .finally(() => (flushing = undefined));
  await flushing;
}

/** The persisted totals, after flushing this isolate's deltas. */
export async function readCacheCounters(db: D1Database): Promise<Counts> {
  await flushCacheCounters(db);
  const { results } = await db.prepare("SELECT name, value FROM cache_counters").all<{ name: keyof Counts; value: number }>();
  const counts: Counts = { hits: 0, misses: 0 };
  for (const row of results) counts[row.name] = row.value;
  return counts;
}

/** Sets both totals back to zero, dropping this isolate's unflushed deltas too. */
export async function resetCacheCounters(db: D1Database): Promise<void> {
  while (flushing) await flushing;
  pending = { hits: 0, misses: 0 };
  await db.prepare("UPDATE cache_counters SET value = 0").run();
}
