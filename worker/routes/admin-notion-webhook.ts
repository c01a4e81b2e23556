import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import type { MessageResult } from "#contract/admin-api";
import type { WebhookState } from "#contract/webhook-status";
import { readStatus, resetSubscription } from "../data/webhook-subscription";
import { syncDebouncer } from "../sync/sync-debouncer";

/**
 * `GET /api/admin/notion-webhook`: the webhook subscription (not set up / waiting for the first signed event, with the
 * token to paste into Notion / verified) and what is queued. `DELETE`: forgets it, so a new subscription can verify.
 */
const adminNotionWebhook = new Hono<AppEnv>();

adminNotionWebhook.get("/", async (c) => {
  const [status, pending] = await Promise.all([readStatus(c.env.DB), syncDebouncer(c.env).pending()]);
  return c.json<WebhookState>({ ...status, pending: { pages: pending.pages.length, schemas: pending.schemas.length } });
});

adminNotionWebhook.delete("/", async (c) => {
  await resetSubscription(c.env.DB);
  return c.json<MessageResult>({ message: "Webhook subscription forgotten; Notion's next verification request sets it up again" });
});

export default adminNotionWebhook;
