import * as z from "zod/mini";

/** The Notion webhook subscription; `verificationToken` only while the operator still has to paste it into Notion. */
export const WebhookStatusSchema = z.object({
  state: z.enum(["not-set-up", "waiting-for-first-event", "verified"]),
  tokenReceivedAt: z.nullable(z.string()),
  verifiedAt: z.nullable(z.string()),
  lastEventAt: z.nullable(z.string()),
  lastEventType: z.nullable(z.string()),
  verificationToken: z.nullable(z.string()),
});

/** The Notion webhook subscription as the admin panel sees it. */
export type WebhookStatus = z.infer<typeof WebhookStatusSchema>;

/** `GET /api/admin/notion-webhook` answer: the subscription and how many pages and schemas wait in the debouncer. */
export const WebhookStateSchema = z.extend(WebhookStatusSchema, { pending: z.object({ pages: z.number(), schemas: z.number() }) });

/** `GET /api/admin/notion-webhook` answer. */
export type WebhookState = z.infer<typeof WebhookStateSchema>;
