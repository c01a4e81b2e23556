/** Sign-in throttling per client in the `admin_attempts` table. */

/** Sign-in attempts allowed per client within one window. */
export const MAX_ATTEMPTS = 5;
/** Length of the throttling window: 15 minutes. */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/** Outcome of reserving an attempt: allowed, or blocked with the seconds until the window ends. */
export type AttemptGrant = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-in attempt for `client` before the password is checked, in one atomic upsert,
 * so parallel guesses cannot slip past the limit; a successful sign-in clears the count again.
 */
export async function reserveAttempt(db: D1Database, client: string, now = Date.now()): Promise<AttemptGrant> {
  const expired = now - ATTEMPT_WINDOW_MS;
  const row = await db
    .prepare(
      `INSERT INTO admin_attempts (client, failures, window_start, blocked_until) VALUES (?1, 1, ?2, 0)
       ON CONFLICT (client) DO UPDATE SET
         failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
         blocked_until = CASE WHEN window_start > ?3 AND failures + 1 > ?4 THEN window_start + ?5 ELSE 0 END,
         window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
       RETURNING failures, window_start`,
    )
    .bind(client, now, expired, MAX_ATTEMPTS, ATTEMPT_WINDOW_MS)
    .first<{ failures: number; window_start: number }>();
  if (!row || row.failures <= MAX_ATTEMPTS) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((row.window_start + ATTEMPT_WINDOW_MS - now) / 1000));
  return { allowed: false, retryAfterSeconds };
}

/** Forgets a client's attempts after a successful sign-in. */
export async function clearAttempts(db: D1Database, client: string): Promise<void> {
  await db.prepare("DELETE FROM admin_attempts WHERE client = ?1").bind(client).run();
}
