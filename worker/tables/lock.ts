import { LOCK_TTL_MS } from "#contract/sync-lock";
import { logEvent } from "../lib/log";

/** The one lock every Notion sync (schema, table, full) takes, so they never overlap. */
export const SYNC_LOCK = "notion-sync";

/** How long a lock lives without a heartbeat (withLock renews it while its work runs); the admin API's clients wait it out too. */
export { LOCK_TTL_MS };

/** Thrown when another sync holds the lock. */
export class LockBusyError extends Error {
  override name = "LockBusyError";
}

/** A held lock: `extend` pushes the expiry out (call it freely as work progresses: it writes at most every ttl/4), `release` frees it. */
/** Thrown when a batch fenced by a lock found it held by someone else: nothing of that batch was written. */
export class LockLostError extends Error {
  constructor() {
    super("The sync lost its lock to another sync (it ran past the lock's lifetime); its rows were not swapped in");
    this.name = "LockLostError";
  }
}

/**
 * A lock held; `fenced` wraps a batch's statements so the batch commits only while this holder still holds the lock
 * (a sync that lost it cannot swap its table in over a newer sync's), throwing LockLostError otherwise.
 */
export type HeldLock = {
  holder: string;
  extend(): Promise<void>;
  release(): Promise<void>;
  fenced(statements: D1PreparedStatement[]): Promise<void>;
};

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
  return heldLock(db, name, holder, ttlMs, now);
}

/**
 * The lock `name` as held by `holder` (taken earlier, perhaps by another invocation: a workflow's steps share their
 * run's lock this way), on `db` (so a step's metered binding counts its writes); `extendedAt` is when it was last pushed out.
 */
export function heldLock(db: D1Database, name: string, holder: string, ttlMs = LOCK_TTL_MS, extendedAt = 0): HeldLock {
  return {
    holder,
    async extend() {
      if (Date.now() - extendedAt < ttlMs / 4) return;
      extendedAt = Date.now();
      // Never shortened: a heartbeat landing late must not undo a longer hold (a run sleeping out Notion's Retry-After).
      await db
        .prepare("UPDATE locks SET expires_at = MAX(expires_at, ?) WHERE name = ? AND holder = ?")
        .bind(Date.now() + ttlMs, name, holder)
        .run();
    },
    async release() {
      await db.prepare("DELETE FROM locks WHERE name = ? AND holder = ?").bind(name, holder).run();
    },
    async fenced(statements) {
      await runFenced(db, name, holder, statements);
    },
  };
}

/**
 * Pushes out the expiry of a lock `holder` took to at least `ttlMs` from now (never shortening it: a run sleeping out
 * Notion's Retry-After holds it longer); throws LockLostError when it expired and someone else has it now.
 */
export async function renewLock(db: D1Database, name: string, holder: string, ttlMs = LOCK_TTL_MS): Promise<HeldLock> {
  const now = Date.now();
  // An expired lock nobody took since is still ours to renew: the fence is what keeps two syncs' writes apart.
  const row = await db
    .prepare(
      `INSERT INTO locks (name, holder, expires_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (name) DO UPDATE SET expires_at = MAX(locks.expires_at, excluded.expires_at) WHERE locks.holder = excluded.holder
       RETURNING holder`,
    )
    .bind(name, holder, now + ttlMs)
    .first<{ holder: string }>();
  if (row?.holder !== holder) throw new LockLostError();
  return heldLock(db, name, holder, ttlMs, now);
}

/** Runs `statements` as one batch that commits only while `holder` holds the lock `name` (see lock_fence, migration 0014). */
async function runFenced(db: D1Database, name: string, holder: string, statements: D1PreparedStatement[]): Promise<void> {
  try {
    await db.batch([
      db.prepare("INSERT INTO lock_fence (held) SELECT COUNT(*) FROM locks WHERE name = ?1 AND holder = ?2").bind(name, holder),
      ...statements,
      db.prepare("DELETE FROM lock_fence"),
    ]);
  } catch (err) {
    if (/CHECK constraint failed/i.test(err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : String(err)))
      throw new LockLostError();
    throw err;
  }
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
    lock.extend().catch((error: unknown) => logEvent("lock_heartbeat_failed", { lock: name, error }));
  }, ttlMs / 8);
  try {
    return await fn(lock);
  } finally {
    clearInterval(heartbeat);
    await lock.release();
  }
}
