import { createHmac, randomUUID } from "node:crypto";
import type { StoredDatabase, StoredPage } from "./store-types.ts";

/** How long edits are collected before their events go out (Notion aggregates for longer; locally a blink is enough). */
const DEFAULT_AGGREGATE_MS = 250;

/**
 * The verification token the local server hands out unless told otherwise: fixed, so a worker whose state survives a
 * restart (`npm start` keeps `.wrangler/state`) sees the same subscription again. Local use only.
 */
export const LOCAL_WEBHOOK_TOKEN = "secret_local-notion-webhook";

/** What a subscription attempt got back from the endpoint. */
export type SubscribeResult = { token: string; status: number; body: string };

/** A local stand-in for Notion's webhook delivery: one subscription, signed events for page edits. */
export type WebhookSender = {
  /** Points the subscription at `url` and sends Notion's verification request carrying `token`; the local server treats it as pasted back at once. */
  subscribe(url: string, token: string): Promise<SubscribeResult>;
  unsubscribe(): void;
  /** Queues the event an edit of `page` causes (aggregated: one event per page and type per window). */
  pageEdited(page: StoredPage, type: PageEventType): void;
  /** Queues the `data_source.schema_updated` event a schema edit of `db` causes. */
  schemaEdited(db: StoredDatabase): void;
  /** Sends what is queued now (tests; the timer does it otherwise). */
  flush(): Promise<void>;
  /** Events delivered so far and failures, for the control API's stats. */
  stats(): { delivered: number; failed: number; url: string | null };
};

/** Page events the local server sends. */
type PageEventType = "page.created" | "page.properties_updated" | "page.deleted" | "page.undeleted";

/** Notion's `X-Notion-Signature` for `body` under `token`. */
function notionSignature(token: string, body: string): string {
  return `sha256=${createHmac("sha256", token).update(body).digest("hex")}`;
}

/** A webhook sender for the workspace `workspaceId`, collecting edits for `aggregateMs`. */
export function createWebhookSender(workspaceId: string, aggregateMs = DEFAULT_AGGREGATE_MS): WebhookSender {
  let target: { url: string; token: string; subscriptionId: string } | null = null;
  const queued = new Map<string, object>();
  let timer: NodeJS.Timeout | undefined;
  let delivered = 0;
  let failed = 0;

  const send = async (event: object) => {
    if (!target) return;
    const body = JSON.stringify(event);
    try {
      const res = await fetch(target.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-notion-signature": notionSignature(target.token, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (res.ok) delivered += 1;
      else failed += 1;
    } catch {
      failed += 1;
    }
  };

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const events = [...queued.values()];
    queued.clear();
    for (const event of events) await send(event);
  };

  return {
    async subscribe(url, token) {
      target = { url, token, subscriptionId: randomUUID() };
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ verification_token: token }),
        signal: AbortSignal.timeout(10_000),
      });
      return { token, status: res.status, body: await res.text() };
    },
    unsubscribe() {
      target = null;
      queued.clear();
      clearTimeout(timer);
    },
    pageEdited(page, type) {
      queue(
        type,
        { id: page.id, type: "page" },
        { id: page.database.dataSourceId, type: "data_source", data_source_id: page.database.dataSourceId },
      );
    },
    schemaEdited(db) {
      queue("data_source.schema_updated", { id: db.dataSourceId, type: "data_source" }, { id: db.id, type: "database" });
    },
    flush,
    stats: () => ({ delivered, failed, url: target?.url ?? null }),
  };

  /** Queues one event, keeping only the latest per type and entity until the window closes. */
  function queue(type: string, entity: { id: string; type: string }, parent: object) {
    if (!target) return;
    queued.set(`${type}:${entity.id}`, {
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      workspace_id: workspaceId,
      subscription_id: target.subscriptionId,
      integration_id: workspaceId,
      type,
      authors: [{ id: workspaceId, type: "person" }],
      attempt_number: 1,
      entity,
      data: { parent },
    });
    timer ??= setTimeout(() => void flush(), aggregateMs);
  }
}
