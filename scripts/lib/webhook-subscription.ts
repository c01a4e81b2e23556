import { ADMIN_PATHS, API_PATHS } from "#contract/api-paths";
import type { NotionServer } from "../notion-server/server.ts";
import type { AdminClient } from "./admin-client.ts";

/**
 * Subscribes the worker's webhook endpoint to the local Notion server's edits (verification request first; the local
 * server counts its token as pasted back at once). A worker keeping another verified subscription from an earlier
 * run is reset through the admin API first, so no button needs pressing. Returns whether the subscription stands.
 */
export async function subscribeWorker(
  notion: Pick<NotionServer, "subscribeWebhook">,
  admin: AdminClient,
  workerUrl: string,
  log: (line: string) => void,
): Promise<boolean> {
  const url = `${workerUrl}${API_PATHS.notionWebhook}`;
  let result = await notion.subscribeWebhook(url);
  if (result.status === 409) {
    await admin.call(ADMIN_PATHS.notionWebhook, { method: "DELETE" });
    result = await notion.subscribeWebhook(url);
  }
  if (result.status !== 200) {
    log(`webhooks: the worker refused the subscription (${result.status} ${result.body}); edits need Sync Data in /admin`);
    return false;
  }
  log(`webhooks: edits in the demo workspace reach ${url} as signed events`);
  return true;
}
