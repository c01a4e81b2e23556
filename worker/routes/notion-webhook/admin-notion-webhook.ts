import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import type { MessageResult } from "#contract/admin-api";
import { notionWebhookPath } from "#contract/api-paths";
import type { WebhookState } from "#contract/webhook-status";
import { webhookSecret } from "../../data/webhook-endpoint";
import { readStatus, resetSubscription } from "../../data/webhook-subscription";
import { syncDebouncer } from "../../sync/webhook/sync-debouncer";

/**
 * `GET /api/admin/notion-webhook`: the webhook subscription (not set up / waiting for the first signed event, with the
 * token to paste into Notion / verified), the webhook URL to paste into Notion's subscription form (its secret made on
 * the first call), and what is queued. `DELETE`: forgets the subscription and replaces the secret, so the old URL
 * answers 404 and a new subscription verifies at the new one; ids already queued are still synced.
 */
const adminNotionWebhook = new Hono<AppEnv>();

adminNotionWebhook.get("/", async (c) => {
  const [status, secret, queued] = await Promise.all([readStatus(c.env.DB), webhookSecret(c.env.DB), syncDebouncer(c.env).queued()]);
  const webhookUrl = new URL(notionWebhookPath(secret), c.req.url).href;
  return c.json<WebhookState>({ ...status, webhookUrl, pending: queued });
});

adminNotionWebhook.delete("/", async (c) => {
  await resetSubscription(c.env.DB);
  return c.json<MessageResult>({
    message: "Webhook subscription forgotten and a new webhook URL made; create the subscription in Notion again with the new URL",
  });
});

export default adminNotionWebhook;
