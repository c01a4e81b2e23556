import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import { readWebhookSecret } from "../../data/webhook-endpoint";
import { firstDelivery, forgetEvent, markEvent, readToken, storeToken } from "../../data/webhook-subscription";
import { fail, notFound } from "../../lib/errors";
import { secretMatches } from "../../lib/secrets";
import { syncDebouncer } from "../../sync/webhook/sync-debouncer";
import { changesFor, forgetAt, staleReason, WebhookEvent, WebhookVerification } from "../../notion/webhook-events";
import { verifyWebhookSignature } from "../../notion/webhook-signature";
import { logEvent } from "../../lib/log";

/** Largest webhook body read: Notion's events are a few hundred bytes of ids and types. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/**
 * Lets through only a request whose last path segment is the endpoint's secret (compared in constant time); any other
 * answers the 404 of an unknown address before its body is read or anything is stored.
 */
const endpointSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = await readWebhookSecret(c.env.DB);
  if (!secret || !(await secretMatches(secret, c.req.param("secret") ?? ""))) return notFound(c);
  c.set("webhookSecret", secret);
  await next();
};

/**
 * `POST /api/notion/webhook/{secret}`: Notion's webhook endpoint, its address known only to the admin panel and Notion.
 * The verification request stores the subscription's token; every event must carry a valid `X-Notion-Signature` over
 * the raw body, name a Notion id, be fresh and not seen before; its pages (or table, for a schema change) are queued in
 * the debouncer, which syncs them and asks for one rebuild. Any other address under the prefix answers 404.
 */
const notionWebhook = new Hono<AppEnv>();

notionWebhook.post(
  "/:secret",
  endpointSecret,
  bodyLimit({
    maxSize: MAX_WEBHOOK_BODY_BYTES,
    onError: (c) => c.json({ error: `Webhook body larger than ${MAX_WEBHOOK_BODY_BYTES} bytes` }, 413),
  }),
  async (c) => {
    const raw = await c.req.arrayBuffer();
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      fail(400, "Webhook body is not JSON");
    }
    const verification = WebhookVerification.safeParse(json);
    if (verification.success) {
      const secret = c.get("webhookSecret")!;
      if (!(await storeToken(c.env.DB, verification.data.verification_token, secret))) {
        // The admin reset the subscription while this request was under way: its address is gone.
        if ((await readWebhookSecret(c.env.DB)) !== secret) return notFound(c);
        fail(409, "A verified webhook subscription exists; to set up another, make a new webhook URL in the admin panel (Notion Sync)");
      }
      logEvent("webhook_verification", {
        message:
          "verification token received; paste it into the subscription in Notion's integration settings (shown in /admin, Notion Sync)",
      });
      return c.json({ ok: true });
    }
    const token = await readToken(c.env.DB);
    if (!token) fail(401, "No webhook subscription: Notion's verification request has not arrived yet");
    if (!(await verifyWebhookSignature(token, raw, c.req.header("x-notion-signature")))) fail(401, "Missing or invalid X-Notion-Signature");
    const parsed = WebhookEvent.safeParse(json);
    if (!parsed.success) fail(400, `Not a Notion webhook event: ${z.prettifyError(parsed.error)}`);
    const event = parsed.data;
    const stale = staleReason(event);
    if (stale) {
      logEvent("webhook_refused", { eventId: event.id, type: event.type, attempt: event.attempt_number, message: stale }, "warn");
      fail(400, stale);
    }
    if (!(await firstDelivery(c.env.DB, event.id, forgetAt(event)))) return c.json({ ok: true, duplicate: true });
    const changes = changesFor(event);
    if (changes.pages.length + changes.schemas.length > 0) {
      try {
        await syncDebouncer(c.env).enqueue(changes);
      } catch (err) {
        // Not queued: forget the id so Notion's retry of this delivery is not taken for a repeat.
        await forgetEvent(c.env.DB, event.id);
        throw err;
      }
    }
    await markEvent(c.env.DB, token, event.type);
    return c.json({ ok: true, queued: changes });
  },
);

// The bare prefix and any other address under it: the 404 of an unknown address, before the body is read.
notionWebhook.all("*", (c) => notFound(c));

export default notionWebhook;
