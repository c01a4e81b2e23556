/** The one lock every Notion sync (schema, table, full) takes, so they never overlap. */
export const SYNC_LOCK = "notion-sync";

/**
 * How long a lock lives without a heartbeat (withLock renews it while its work runs, waits included): short enough that
 * a sync cut short (worker restart, cancelled request: its heartbeat stops with it) blocks the next for at most a
 * minute and a half.
 */
export const LOCK_TTL_MS = 90_000;

/** Thrown when another sync holds the lock. */
export class LockBusyError extends Error {
  override name = "LockBusyError";
}

/** A held lock: `extend` pushes the expiry out (call it freely as work progresses: it writes at most every ttl/4), `release` frees it. */
export type HeldLock = { holder: string; extend(): Promise<void>; release(): Promise<void> };

/** Takes the named lock if it is free or expired; throws LockBusyError otherwise. */
export async function acquireLock(db: D1Database, name: string, ttlMs = LOCK_TTL_MS): Promise<HeldLock> {
  const holder = crypto.randomUUID();
  const now = Date.now();
  const row = await db
    .prepare(
      `INSERT INTO locks (name, holder, expires_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at WHERE locks.expires_at < ?4
       RETURNING holder`,
    )
    .bind(name, holder, now + ttlMs, now)
    .first<{ holder: string }>();
  if (row?.holder !== holder) throw new LockBusyError("A Notion sync is already running; try again when it has finished");
  let extendedAt = now;
  return {
    holder,
    async extend() {
      if (Date.now() - extendedAt < ttlMs / 4) return;
      extendedAt = Date.now();
      await db.prepare("UPDATE locks SET expires_at = ? WHERE name = ? AND holder = ?").bind(Date.now() + ttlMs, name, holder).run();
    },
    async release() {
      await db.prepare("DELETE FROM locks WHERE name = ? AND holder = ?").bind(name, holder).run();
    },
  };
}

/** Whether someone holds the named lock right now (an expired lock is free). */
export async function isLockHeld(db: D1Database, name: string, now = Date.now()): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS held FROM locks WHERE name = ?1 AND expires_at >= ?2").bind(name, now).first()) !== null;
}

/**
 * Runs `fn` holding the lock, releasing it however `fn` ends. A heartbeat extends the lock while `fn` runs, so work that
 * waits without progress (a long Retry-After, a slow download, the schema sync's search) keeps it past `ttlMs`.
 */
export async function withLock<T>(db: D1Database, name: string, fn: (lock: HeldLock) => Promise<T>, ttlMs = LOCK_TTL_MS): Promise<T> {
  const lock = await acquireLock(db, name, ttlMs);
  // Beating at twice the rate extend() writes at: a late timer then skips no renewal.
  const heartbeat = setInterval(() => {
    lock.extend().catch((err: unknown) => console.error(`lock ${name}: heartbeat failed:`, err));
  }, ttlMs / 8);
  try {
    return await fn(lock);
  } finally {
    clearInterval(heartbeat);
    await lock.release();
  }
}
