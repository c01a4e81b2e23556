import { z } from "zod";
import { normaliseNotionId } from "../lib/notion-id";

/** Notion's verification request: the only body without a signature, carrying the token to sign with from now on. */
export const WebhookVerification = z.object({ verification_token: z.string().min(1).max(500) }).strict();

/** What a malformed entity id is refused with. */
const NOT_A_NOTION_ID = "Not a Notion id (32 hex digits, dashes allowed)";

/** A Notion id (a page, data source, database, comment...), in the lowercase dashed form the tables and the queue use. */
const NotionId = z
  .string()
  .max(100)
  .refine((id) => normaliseNotionId(id) !== null, NOT_A_NOTION_ID)
  .transform((id) => normaliseNotionId(id)!);

/**
 * A Notion webhook event (fields we use; the rest passes through): ids and types only, never content. The entity's
 * id must be a Notion id, so nothing but ids of Notion's shape ever reaches the debouncer's queue.
 */
export const WebhookEvent = z.looseObject({
  id: z.string().min(1).max(100),
  timestamp: z.iso.datetime({ offset: true }),
  type: z.string().min(1).max(100),
  attempt_number: z.number().int().optional(),
  entity: z.looseObject({ id: NotionId, type: z.string().max(100) }),
  data: z.looseObject({ parent: z.looseObject({ id: z.string().max(100), type: z.string().max(100) }).optional() }).optional(),
});

/** A parsed webhook event. */
export type WebhookEventBody = z.output<typeof WebhookEvent>;

/** What an event asks the debouncer to refresh: pages, and data sources (or databases) whose schema changed. */
export type WebhookChanges = { pages: string[]; schemas: string[] };

/** Page events: each is answered by reading the page's current state (a deleted or trashed page loses its row). */
const PAGE_EVENTS = [
  "page.created",
  "page.properties_updated",
  "page.content_updated",
  "page.deleted",
  "page.undeleted",
  "page.moved",
] as const;

/** Schema events: the table of that data source (older API versions name the database) is synced whole with fresh columns. */
const SCHEMA_EVENTS = ["data_source.schema_updated", "database.schema_updated"] as const;

/** The refresh an event calls for; other event types (comments, locks, ...) call for none. */
export function changesFor(event: WebhookEventBody): WebhookChanges {
  if ((PAGE_EVENTS as readonly string[]).includes(event.type)) return { pages: [event.entity.id], schemas: [] };
  if ((SCHEMA_EVENTS as readonly string[]).includes(event.type)) return { pages: [], schemas: [event.entity.id] };
  return { pages: [], schemas: [] };
}

/**
 * How old an event may be: Notion retries a delivery that failed (the site deploying, or down) for up to a day, and a
 * retry keeps the event's first timestamp, so an event is accepted for 24 hours. Events dated more than a minute ahead
 * (beyond clock skew) are refused.
 */
const EVENT_MAX_AGE_MS = 24 * 60 * 60_000;
const MAX_CLOCK_SKEW_MS = 60_000;

/** Until when an accepted event's id must be remembered: past it, a repeat of the event is refused as stale anyway. */
export const forgetAt = (event: WebhookEventBody) => Date.parse(event.timestamp) + EVENT_MAX_AGE_MS + MAX_CLOCK_SKEW_MS;

/** Why an event is too old or too far in the future, or null when its timestamp is acceptable. */
export function staleReason(event: WebhookEventBody, now = Date.now()): string | null {
  const at = Date.parse(event.timestamp);
  if (now - at > EVENT_MAX_AGE_MS)
    return `Stale event: dated ${event.timestamp}, more than ${EVENT_MAX_AGE_MS / 3_600_000} hours ago, after Notion has stopped retrying it (the nightly sync copies its change)`;
  if (at - now > MAX_CLOCK_SKEW_MS) return `Event dated in the future: ${event.timestamp}`;
  return null;
}
