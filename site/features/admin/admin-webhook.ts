import { atom } from "nanostores";
import type { WebhookState } from "#contract/webhook-status";
import { readWebhookState } from "./admin-api";
import { errorText } from "./error-text";
import { handleUnauthorized } from "./admin-store";

/** The Notion webhook subscription as the admin panel last read it. */
export const $webhookStatus = atom<{ status: WebhookState | null; error: string | null }>({ status: null, error: null });

/** Re-reads the webhook subscription; a failure keeps the last state and shows why. */
export async function refreshWebhookStatus(): Promise<void> {
  try {
    const status = await readWebhookState();
    $webhookStatus.set({ status, error: null });
  } catch (error) {
    if (handleUnauthorized(error)) return;
    $webhookStatus.set({ status: $webhookStatus.get().status, error: errorText(error) });
  }
}
