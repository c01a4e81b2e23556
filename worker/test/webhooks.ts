/** Helpers for the Notion webhook tests: deliveries into the worker, edits on the local Notion server, the debouncer. */
import { notionWebhookPath } from "#contract/api-paths";
import { NOTION_VERSION } from "#contract/notion";
import { env, introspectWorkflow, runDurableObjectAlarm } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { webhookSecret } from "../data/webhook-endpoint";
import { afterSyncCoalescer } from "../sync/publish/after-sync-coalescer";
import { syncDebouncer } from "../sync/webhook/sync-debouncer";
import { signWebhookBody } from "../notion/webhook-signature";
import { NOTION, until } from "./notion-sync";
import { NOTION_TEST_TOKEN } from "./notion-test-server";

/** The verification token the tests' subscription uses. */
export const WEBHOOK_TOKEN = "secret_webhook-test-token";

/** A Notion webhook event of `type` about `entityId`, dated `at` (default now). */
export function webhookEvent(type: string, entityId: string, at = new Date(), entityType = type.split(".")[0]) {
  return {
    id: crypto.randomUUID(),
    timestamp: at.toISOString(),
    workspace_id: "00000000-0000-4000-8000-000000000001",
    subscription_id: "00000000-0000-4000-8000-000000000002",
    integration_id: "00000000-0000-4000-8000-000000000003",
    type,
    authors: [{ id: "00000000-0000-4000-8000-000000000004", type: "person" }],
    attempt_number: 1,
    entity: { id: entityId, type: entityType },
    data: { parent: { id: "00000000-0000-4000-8000-000000000005", type: "data_source" } },
  };
}

/** The webhook endpoint's path with its secret (made now if the worker has none yet, as the admin panel's first look does). */
export const webhookPath = async () => notionWebhookPath(await webhookSecret(env.DB));

/** POSTs `body` (JSON text as is, else serialised) with `headers` to `path` (default: the webhook endpoint with its secret). */
export async function deliver(body: unknown, headers: Record<string, string> = {}, path?: string): Promise<Response> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return exports.default.fetch(`http://localhost${path ?? (await webhookPath())}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: text,
  });
}

/** POSTs `body` signed with `token` as Notion signs it. */
export async function deliverSigned(body: unknown, token = WEBHOOK_TOKEN): Promise<Response> {
  const text = JSON.stringify(body);
  return deliver(text, { "x-notion-signature": await signWebhookBody(token, text) });
}

/** Edits a page on the local Notion server as the operator would in Notion. */
export async function editPage(pageId: string, body: unknown): Promise<void> {
  const res = await fetch(`${NOTION}/v1/pages/${pageId}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${NOTION_TEST_TOKEN}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`editing page ${pageId}: ${res.status} ${await res.text()}`);
}

/** Edits a data source's schema on the local Notion server (`null` removes a property). */
export async function editSchema(dataSourceId: string, properties: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${NOTION}/v1/data_sources/${dataSourceId}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${NOTION_TEST_TOKEN}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
    body: JSON.stringify({ properties }),
  });
  if (!res.ok) throw new Error(`editing data source ${dataSourceId}: ${res.status} ${await res.text()}`);
}

/** A title property value for a PATCH. */
export const titleValue = (text: string) => ({ Title: { title: [{ type: "text", text: { content: text } }] } });

/**
 * Fires the debouncer's alarm now (as its window ending would) and waits until the webhook run it started (if any) has
 * reported its end, then (unless `endInterval` is false) ends the after-sync coalescer's interval at once (a purge and
 * rebuild it folded run now); false when no debouncer alarm was set. Step retries run without their back-off waits.
 */
export async function runDebouncer(ms = 60_000, endInterval = true): Promise<boolean> {
  await using introspector = await introspectWorkflow(env.SYNC);
  await introspector.modifyAll(async (m) => {
    await m.disableRetryDelays();
  });
  const debouncer = syncDebouncer(env);
  const ran = await runDurableObjectAlarm(debouncer);
  await until(async () => (await debouncer.running()) === null, "the webhook run to report", ms);
  if (endInterval) await runDurableObjectAlarm(afterSyncCoalescer(env));
  return ran;
}

/** What the debouncer holds. */
export const pendingChanges = () => syncDebouncer(env).pending();
