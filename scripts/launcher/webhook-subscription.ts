import { ADMIN_PATHS, hideWebhookSecret } from "#contract/api-paths";
import type { WebhookState } from "#contract/webhook-status";
import type { NotionServer } from "../notion-server/server.ts";
import type { AdminClient } from "../lib/admin-client.ts";

/** The webhook URL the worker gives the admin panel (its secret made on the first look). */
const webhookUrl = async (admin: AdminClient) => (await admin.call<WebhookState>(ADMIN_PATHS.notionWebhook)).webhookUrl;

/**
 * Subscribes the worker's webhook endpoint, at the secret URL the admin panel shows, to the local Notion server's edits
 * (verification request first; the local server counts its token as pasted back at once). A worker keeping another
 * verified subscription from an earlier run is reset through the admin API first (which makes a new URL), so no button
 * needs pressing. Returns whether the subscription stands; the log never shows the URL's secret.
 */
export async function subscribeWorker(
  notion: Pick<NotionServer, "subscribeWebhook">,
  admin: AdminClient,
  log: (line: string) => void,
): Promise<boolean> {
  let url = await webhookUrl(admin);
  let result = await notion.subscribeWebhook(url);
  if (result.status === 409) {
    await admin.call(ADMIN_PATHS.notionWebhook, { method: "DELETE" });
    url = await webhookUrl(admin);
    result = await notion.subscribeWebhook(url);
  }
  if (result.status !== 200) {
    log(`webhooks: the worker refused the subscription (${result.status} ${result.body}); edits need Sync Data in /admin`);
    return false;
  }
  log(`webhooks: edits in the demo workspace reach ${hideWebhookSecret(url)} as signed events`);
  return true;
}
