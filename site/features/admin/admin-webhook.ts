import { atom } from "nanostores";
import type { WebhookStatus } from "../../../worker/data/webhook-subscription";
import { errorText } from "./error-text";
import { getJson } from "../../lib/http";
import { handleUnauthorized } from "./admin-store";

/** `GET /api/admin/notion-webhook` body: the subscription and how many pages and schemas wait in the debouncer. */
export type WebhookState = WebhookStatus & { pending: { pages: number; schemas: number } };

/** The Notion webhook subscription as the admin panel last read it. */
export const $webhookStatus = atom<{ status: WebhookState | null; error: string | null }>({ status: null, error: null });

/** Re-reads the webhook subscription; a failure keeps the last state and shows why. */
export async function refreshWebhookStatus(): Promise<void> {
  try {
    const status = (await getJson("/api/admin/notion-webhook", { cache: "no-store" })) as WebhookState;
    $webhookStatus.set({ status, error: null });
  } catch (error) {
    if (handleUnauthorized(error)) return;
    $webhookStatus.set({ status: $webhookStatus.get().status, error: errorText(error) });
  }
}
