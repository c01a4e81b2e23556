/** Admin sessions in the `admin_sessions` table: a signed session cookie counts only while its row exists. */
import { createSessionToken, newSessionId } from "../lib/session";

/** Starts a session (dropping expired ones) and returns its cookie value and expiry (ms since epoch). */
export async function startSession(db: D1Database, secret: string, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const id = newSessionId();
  const session = await createSessionToken(secret, id, now);
  await db.batch([
    db.prepare("DELETE FROM admin_sessions WHERE expires_at <= ?1").bind(now),
    db.prepare("INSERT INTO admin_sessions (id, expires_at) VALUES (?1, ?2)").bind(id, session.expiresAt),
  ]);
  return session;
}

/** True while session `id` is neither signed out nor expired. */
export async function isSessionActive(db: D1Database, id: string, now = Date.now()): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS active FROM admin_sessions WHERE id = ?1 AND expires_at > ?2").bind(id, now).first();
  return row !== null;
}

/** Ends session `id`: its cookie is refused from now on, by every isolate. */
export async function endSession(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM admin_sessions WHERE id = ?1").bind(id).run();
}
