/**
 * Admin sessions in the `admin_sessions` table, keyed by the SHA-256 of their cookie token: a cookie counts only while
 * its row exists, has not expired, and was made under the current ADMIN_PASSWORD (its `password_tag`, see passwordTag).
 */
import { isTokenShaped, newSessionToken, passwordTag, SESSION_TTL_SECONDS, tokenHash } from "../lib/session";

/** A live session: its id (the token's hash, used to end it) and expiry (ms since epoch). */
export type SessionClaims = { id: string; expiresAt: number };

/** Starts a session under `password` (dropping expired ones) and returns its cookie token and expiry (ms since epoch). */
export async function startSession(db: D1Database, password: string, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const token = newSessionToken();
  const expiresAt = now + SESSION_TTL_SECONDS * 1000;
  const [hash, tag] = await Promise.all([tokenHash(token), passwordTag(token, password)]);
  await db.batch([
    db.prepare("DELETE FROM admin_sessions WHERE expires_at <= ?1").bind(now),
    db.prepare("INSERT INTO admin_sessions (token_hash, expires_at, password_tag) VALUES (?1, ?2, ?3)").bind(hash, expiresAt, tag),
  ]);
  return { token, expiresAt };
}

/**
 * The session a cookie token belongs to while it is neither signed out nor expired and was made under `password`,
 * else null: one indexed read, no write, so changing the password ends every older session at once.
 */
export async function findSession(
  db: D1Database,
  token: string | undefined,
  password: string,
  now = Date.now(),
): Promise<SessionClaims | null> {
  if (!isTokenShaped(token)) return null;
  const [id, tag] = await Promise.all([tokenHash(token), passwordTag(token, password)]);
  const expiresAt = await db
    .prepare("SELECT expires_at FROM admin_sessions WHERE token_hash = ?1 AND password_tag = ?2 AND expires_at > ?3")
    .bind(id, tag, now)
    .first<number>("expires_at");
  return expiresAt === null ? null : { id, expiresAt };
}

/** Ends session `id`: its cookie is refused from now on, by every isolate. */
export async function endSession(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM admin_sessions WHERE token_hash = ?1").bind(id).run();
}
