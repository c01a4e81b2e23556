/** The secret path segment of the Notion webhook endpoint (`webhook_endpoint`): made once, replaced when the admin resets the subscription. */
import { randomUrlSecret } from "../lib/secrets";

/** The endpoint's secret, or null while none has been made (then no webhook request is accepted). */
export async function readWebhookSecret(db: D1Database): Promise<string | null> {
  const row = await db.prepare("SELECT secret FROM webhook_endpoint WHERE id = 1").first<{ secret: string }>();
  return row?.secret ?? null;
}

/** The endpoint's secret, made now (256 random bits, base64url) if there is none yet; concurrent callers get the same one. */
export async function webhookSecret(db: D1Database, now = new Date()): Promise<string> {
  const stored = await readWebhookSecret(db);
  if (stored) return stored;
  const row = await db
    .prepare(
      `INSERT INTO webhook_endpoint (id, secret, created_at) VALUES (1, ?1, ?2)
       ON CONFLICT (id) DO UPDATE SET id = id RETURNING secret`,
    )
    .bind(randomUrlSecret(), now.toISOString())
    .first<{ secret: string }>();
  return row!.secret;
}

/** The statement that replaces the secret with a fresh one (run in the reset's batch). */
export function replaceSecretStatement(db: D1Database, now = new Date()): D1PreparedStatement {
  return db
    .prepare("INSERT OR REPLACE INTO webhook_endpoint (id, secret, created_at) VALUES (1, ?1, ?2)")
    .bind(randomUrlSecret(), now.toISOString());
}
