/** Sign-in throttling in the `admin_attempts` table: per client (see clientKey) and across all clients. */

/** Sign-in attempts allowed per client within one window. */
export const MAX_ATTEMPTS = 5;
/** Failed sign-in attempts allowed across all clients within one window, against guessing from many addresses. */
export const MAX_GLOBAL_ATTEMPTS = 50;
/** Length of the throttling window: 15 minutes. */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/** Outcome of reserving an attempt: allowed, or blocked with the seconds until an attempt frees up. */
export type AttemptGrant = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-in attempt for `client` before the password is checked, in one atomic batch, so parallel guesses
 * cannot slip past either limit; a successful sign-in clears the client's count again. Rows older than the window are
 * dropped on the way, and refused attempts are not counted.
 */
export async function reserveAttempt(db: D1Database, client: string, now = Date.now()): Promise<AttemptGrant> {
  const expired = now - ATTEMPT_WINDOW_MS;
  // Trade-off: a flood from many addresses also shuts the operator out, yet never past 15 min after it stops (refusals are not counted).
  const [, reserved, own, oldest] = await db.batch([
    db.prepare("DELETE FROM admin_attempts WHERE window_start <= ?1").bind(expired),
    db
      .prepare(
        `INSERT INTO admin_attempts (client, failures, window_start)
         SELECT ?1, 1, ?2 WHERE (SELECT COALESCE(SUM(failures), 0) FROM admin_attempts) < ?4
         ON CONFLICT (client) DO UPDATE SET failures = failures + 1 WHERE failures < ?3
         RETURNING failures`,
      )
      .bind(client, now, MAX_ATTEMPTS, MAX_GLOBAL_ATTEMPTS),
    db.prepare("SELECT failures, window_start FROM admin_attempts WHERE client = ?1").bind(client),
    db.prepare("SELECT MIN(window_start) AS window_start FROM admin_attempts"),
  ]);
  if (reserved.results.length > 0) return { allowed: true };
  const mine = own.results[0] as { failures: number; window_start: number } | undefined;
  const blockedBy = mine && mine.failures >= MAX_ATTEMPTS ? mine : (oldest.results[0] as { window_start: number });
  const retryAfterSeconds = Math.max(1, Math.ceil((blockedBy.window_start + ATTEMPT_WINDOW_MS - now) / 1000));
  return { allowed: false, retryAfterSeconds };
}

/** Forgets a client's attempts after a successful sign-in. */
export async function clearAttempts(db: D1Database, client: string): Promise<void> {
  await db.prepare("DELETE FROM admin_attempts WHERE client = ?1").bind(client).run();
}
