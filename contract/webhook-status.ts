import * as z from "zod/mini";

/** Page and schema ids the webhook queue keeps at most; past that it queues one full sync instead of them. */
export const WEBHOOK_MAX_QUEUED_IDS = 10_000;

/** The events to select in Notion's subscription form: every change of a page, and of a database's properties. */
export const WEBHOOK_EVENTS_TO_SELECT = [
  "page.created",
  "page.properties_updated",
  "page.content_updated",
  "page.moved",
  "page.deleted",
  "page.undeleted",
  "data_source.schema_updated",
] as const;

/** Where the subscription stands: none yet, a token received (waiting for the first signed event), or verified by one. */
export const WebhookStateNameSchema = z.enum(["not-set-up", "waiting-for-first-event", "verified"]);

/** The Notion webhook subscription; `verificationToken` only while the operator still has to paste it into Notion. */
const WebhookStatusSchema = z.object({
  state: WebhookStateNameSchema,
  tokenReceivedAt: z.nullable(z.string()),
  verifiedAt: z.nullable(z.string()),
  lastEventAt: z.nullable(z.string()),
  lastEventType: z.nullable(z.string()),
  verificationToken: z.nullable(z.string()),
});

/** The Notion webhook subscription as the admin panel sees it. */
export type WebhookStatus = z.infer<typeof WebhookStatusSchema>;

/**
 * `GET /api/admin/notion-webhook` answer: the subscription, the webhook URL to paste into Notion's subscription form
 * (absolute, its last segment the worker's secret), and what waits in the debouncer: pages, schemas, and whether one
 * full sync is queued instead (more ids were queued than the debouncer keeps).
 */
export const WebhookStateSchema = z.extend(WebhookStatusSchema, {
  webhookUrl: z.string(),
  pending: z.object({ pages: z.number(), schemas: z.number(), fullSync: z.boolean() }),
});

/** `GET /api/admin/notion-webhook` answer. */
export type WebhookState = z.infer<typeof WebhookStateSchema>;
