/** The Notion webhook subscription (`webhook_subscription`) and the event ids already accepted (`webhook_events`). */
import type { WebhookStatus } from "#contract/webhook-status";
import { replaceSecretStatement } from "./webhook-endpoint";
import { batchResults } from "./d1-batch";

type SubscriptionRow = {
  verification_token: string;
  token_received_at: string;
  verified_at: string | null;
  last_event_at: string | null;
  last_event_type: string | null;
};

/** The stored verification token, or null before Notion's verification request. */
export async function readToken(db: D1Database): Promise<string | null> {
  const row = await db.prepare("SELECT verification_token FROM webhook_subscription WHERE id = 1").first<{ verification_token: string }>();
  return row?.verification_token ?? null;
}

/**
 * Stores the token of a verification request that came to the endpoint of `secret`. A subscription already confirmed
 * by a signed event keeps its token (returns false) unless the same token arrives again, so nobody can swap the
 * signing key by posting a token; nothing is stored either once `secret` is no longer the endpoint's (a reset while
 * the request was under way).
 */
export async function storeToken(db: D1Database, token: string, secret: string, now = new Date()): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO webhook_subscription (id, verification_token, token_received_at)
         SELECT 1, ?1, ?2 WHERE EXISTS (SELECT 1 FROM webhook_endpoint WHERE id = 1 AND secret = ?3)
       ON CONFLICT (id) DO UPDATE SET verification_token = excluded.verification_token, token_received_at = excluded.token_received_at,
         verified_at = NULL, last_event_at = NULL, last_event_type = NULL
       WHERE webhook_subscription.verified_at IS NULL
       RETURNING verification_token`,
    )
    .bind(token, now.toISOString(), secret)
    .first<{ verification_token: string }>();
  if (row) return true;
  return (await readToken(db)) === token;
}

/**
 * Records an event accepted under `token`: the subscription counts as verified from its first one. An event checked
 * against a token the admin has since reset (or another subscription's) changes nothing.
 */
export async function markEvent(db: D1Database, token: string, type: string, now = new Date()): Promise<void> {
  await db
    .prepare(
      `UPDATE webhook_subscription SET verified_at = COALESCE(verified_at, ?1), last_event_at = ?1, last_event_type = ?2
       WHERE id = 1 AND verification_token = ?3`,
    )
    .bind(now.toISOString(), type, token)
    .run();
}

/**
 * Forgets the subscription and the event ids it delivered, and replaces the endpoint's secret in the same batch: the
 * old webhook URL answers 404 from then on, and a new subscription in Notion needs the new URL.
 */
export async function resetSubscription(db: D1Database): Promise<void> {
  await db.batch([db.prepare("DELETE FROM webhook_subscription"), db.prepare("DELETE FROM webhook_events"), replaceSecretStatement(db)]);
}

/** The subscription's state for the admin panel. */
export async function readStatus(db: D1Database): Promise<WebhookStatus> {
  const row = await db.prepare("SELECT * FROM webhook_subscription WHERE id = 1").first<SubscriptionRow>();
  if (!row)
    return {
      state: "not-set-up",
      tokenReceivedAt: null,
      verifiedAt: null,
      lastEventAt: null,
      lastEventType: null,
      verificationToken: null,
    };
  const verified = row.verified_at !== null;
  return {
    state: verified ? "verified" : "waiting-for-first-event",
    tokenReceivedAt: row.token_received_at,
    verifiedAt: row.verified_at,
    lastEventAt: row.last_event_at,
    lastEventType: row.last_event_type,
    verificationToken: verified ? null : row.verification_token,
  };
}

/**
 * Remembers an event id until `forgetAt` (when a repeat of its event would be refused as stale anyway); false when it was
 * seen before (a repeated delivery). Forgets the ids whose time has passed.
 */
export async function firstDelivery(db: D1Database, eventId: string, forgetAt: number, now = Date.now()): Promise<boolean> {
  const [, inserted] = await batchResults(db, [
    db.prepare("DELETE FROM webhook_events WHERE forget_at < ?").bind(now),
    db
      .prepare(
        "INSERT INTO webhook_events (event_id, received_at, forget_at) VALUES (?, ?, ?) ON CONFLICT (event_id) DO NOTHING RETURNING event_id",
      )
      .bind(eventId, now, forgetAt),
  ]);
  return inserted.results.length > 0;
}

/** Forgets an event id (its delivery failed before its pages were queued, so a retry must count). */
export async function forgetEvent(db: D1Database, eventId: string): Promise<void> {
  await db.prepare("DELETE FROM webhook_events WHERE event_id = ?").bind(eventId).run();
}
