/**
 * Sign-in throttling in the `admin_attempts` table, by growing delays per client (see clientKey). A flood from many
 * addresses never refuses everyone: it only makes every client's delays start after its first failure.
 */

import { batchResults } from "./d1-batch";

/** Failed sign-ins a client may make in a row before its delays start (typos). */
export const FREE_FAILURES = 5;
/** The first delay; each further failure doubles it, up to MAX_DELAY_MS. */
const BASE_DELAY_MS = 60_000;
/** The longest delay between two attempts of one client. */
const MAX_DELAY_MS = 15 * 60_000;
/** Failures across all clients within PRESSURE_WINDOW_MS from which sign-in counts as under attack. */
export const PRESSURE_FAILURES = 50;
/** The window the pressure count looks back over. */
export const PRESSURE_WINDOW_MS = 15 * 60_000;
/** A client's failures are forgotten this long after its last one. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** Outcome of reserving an attempt: allowed, or refused with the seconds until the client may try again. */
export type AttemptGrant = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Failures allowed before delays: FREE_FAILURES normally, 1 while the failures of all clients in the window reach PRESSURE_FAILURES.
const FREE = `(CASE WHEN (SELECT COALESCE(SUM(failures), 0) FROM admin_attempts WHERE last_failure > ?2 - ?4) >= ?5 THEN 1 ELSE ?3 END)`;
// Delay after the n-th failure: none below the free count, then BASE << (n - free), capped (the shift is bounded so it cannot wrap to 0).
const delayAfter = (n: string) => `(CASE WHEN ${n} < ${FREE} THEN 0 ELSE MIN(?7, ?6 << MIN(${n} - ${FREE}, 20)) END)`;

/**
 * Counts one sign-in attempt for `client` as a failure before the password is checked, in one atomic statement, so
 * parallel guesses cannot slip past a delay; a successful sign-in clears the client's row (clearAttempts). An attempt
 * before the client's delay has passed is refused and not counted, so hammering never lengthens a delay.
 */
export async function reserveAttempt(db: D1Database, client: string, now = Date.now()): Promise<AttemptGrant> {
  const [, reserved, own] = await batchResults(db, [
    db.prepare("DELETE FROM admin_attempts WHERE last_failure <= ?1").bind(now - FORGET_AFTER_MS),
    db
      .prepare(
        `INSERT INTO admin_attempts (client, failures, last_failure, next_allowed)
         SELECT ?1, 1, ?2, ?2 + ${delayAfter("1")} WHERE true
         ON CONFLICT (client) DO UPDATE SET failures = failures + 1, last_failure = ?2, next_allowed = ?2 + ${delayAfter("failures + 1")}
           WHERE next_allowed <= ?2
         RETURNING failures`,
      )
      .bind(client, now, FREE_FAILURES, PRESSURE_WINDOW_MS, PRESSURE_FAILURES, BASE_DELAY_MS, MAX_DELAY_MS),
    db.prepare("SELECT next_allowed FROM admin_attempts WHERE client = ?1").bind(client),
  ]);
  if (reserved.results.length > 0) return { allowed: true };
  const nextAllowed = (own.results[0] as { next_allowed: number }).next_allowed;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((nextAllowed - now) / 1000)) };
}

/** Forgets a client's failures after a successful sign-in. */
export async function clearAttempts(db: D1Database, client: string): Promise<void> {
  await db.prepare("DELETE FROM admin_attempts WHERE client = ?1").bind(client).run();
}
