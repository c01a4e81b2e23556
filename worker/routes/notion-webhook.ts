import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { firstDelivery, forgetEvent, markEvent, readToken, storeToken } from "../data/webhook-subscription";
import { fail } from "../lib/errors";
import { apiRateLimit } from "../middleware/rate-limit";
import { syncDebouncer } from "../sync/sync-debouncer";
import { changesFor, staleReason, WebhookEvent, WebhookVerification } from "../notion/webhook-events";
import { verifyWebhookSignature } from "../notion/webhook-signature";
import { logEvent } from "../lib/log";

/** Largest webhook body read: Notion's events are a few hundred bytes of ids and types. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/**
 * `POST /api/notion/webhook`: Notion's webhook endpoint. The verification request stores the subscription's token;
 * every event must carry a valid `X-Notion-Signature` over the raw body, be fresh and not seen before; its pages (or
 * table, for a schema change) are queued in the debouncer, which syncs them and asks for one rebuild.
 */
const notionWebhook = new Hono<AppEnv>();

notionWebhook.post(
  "/",
  // Mounted ahead of the app-wide middleware (for its own body limit), so it takes the API rate limit itself.
  apiRateLimit,
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
      const stored = await storeToken(c.env.DB, verification.data.verification_token);
      if (!stored) fail(409, "A verified webhook subscription exists; reset it in the admin panel (Notion Sync) before verifying another");
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
    if (stale) fail(400, stale);
    if (!(await firstDelivery(c.env.DB, event.id))) return c.json({ ok: true, duplicate: true });
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
    await markEvent(c.env.DB, event.type);
    return c.json({ ok: true, queued: changes });
  },
);

export default notionWebhook;
