import { atom } from "nanostores";
import type { WebhookState } from "#contract/webhook-status";
import { readWebhookState, resetWebhook } from "../shared/admin-api";
import { errorText, failureToast } from "../shared/error-text";
import { handleUnauthorized } from "../shared/session-store";
import { toast } from "../../shell/toasts";

/** The Notion webhook subscription as the admin panel last read it. */
export const $webhookStatus = atom<{ status: WebhookState | null; error: string | null }>({ status: null, error: null });

/** True while New webhook URL runs. */
export const $resettingWebhook = atom(false);

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

/** Copies the webhook URL to the clipboard and says so; where the browser refuses, says to select and copy it instead. */
export async function copyWebhookUrl(
  url: string,
  clipboard: Pick<Clipboard, "writeText"> | null = globalThis.navigator?.clipboard ?? null,
): Promise<void> {
  try {
    if (!clipboard) throw new Error("This browser offers no clipboard here");
    await clipboard.writeText(url);
    toast({
      title: "Webhook URL copied",
      description: "Paste it into the subscription in Notion's integration settings",
      variant: "default",
    });
  } catch (error) {
    toast({
      title: "Could not copy the webhook URL",
      description: `Select it and copy it by hand (the browser said: ${errorText(error)})`,
      variant: "destructive",
    });
  }
}

/** Forgets the subscription and makes a new webhook URL, says so, and shows the new state. */
export async function makeNewWebhookUrl(): Promise<void> {
  if ($resettingWebhook.get()) return;
  $resettingWebhook.set(true);
  try {
    const result = await resetWebhook();
    toast({ title: "New webhook URL made", description: result.message, variant: "default" });
    await refreshWebhookStatus();
  } catch (error) {
    if (!handleUnauthorized(error)) toast(failureToast("Failed to make a new webhook URL", error));
  } finally {
    $resettingWebhook.set(false);
  }
}
