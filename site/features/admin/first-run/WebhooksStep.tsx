import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { WEBHOOK_EVENTS_TO_SELECT } from "#contract/webhook-status";
import { $webhookStatus, copyWebhookUrl, refreshWebhookStatus } from "../notion-sync/webhook-store";
import LoadError from "../shared/LoadError";
import { FIRST_RUN_POLL_MS } from "./first-run";

/** Where Notion keeps an integration's webhooks. */
const INTEGRATIONS = "https://www.notion.so/profile/integrations";

/**
 * Step 5: Notion's webhook subscription: the webhook URL to paste into Notion, the events to select, then the
 * verification token Notion sent to paste back; done once a signed event has arrived.
 */
export default function WebhooksStep() {
  const { status, error } = useStore($webhookStatus);
  useEffect(() => {
    void refreshWebhookStatus();
    const timer = setInterval(() => void refreshWebhookStatus(), FIRST_RUN_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <p>With a webhook, Notion tells the site about each edit, and it reaches the site within a minute or two without pressing Sync.</p>
      {status && (
        <ol className="grid list-decimal gap-2 pl-5">
          <li>
            <span>Copy the webhook URL (keep it private):</span>
            <span className="mt-1 flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 rounded bg-cream-100 p-2 break-all select-all" data-testid="first-run-webhook-url">
                {status.webhookUrl}
              </code>
              <button type="button" className="btn-outline" onClick={() => void copyWebhookUrl(status.webhookUrl)}>
                Copy the webhook URL
              </button>
            </span>
          </li>
          <li>
            In Notion, open your integration's settings (
            <a className="underline" href={INTEGRATIONS} target="_blank" rel="noreferrer">
              {INTEGRATIONS.replace("https://", "")}
            </a>
            ), Webhooks, Create a subscription: paste the URL and select these events: {WEBHOOK_EVENTS_TO_SELECT.join(", ")}.
          </li>
          <li>
            {status.state === "waiting-for-first-event" ? (
              <span className="grid gap-1">
                <span>Notion sent this verification token: paste it into the subscription's Verify in Notion.</span>
                <code className="rounded bg-cream-100 p-2 break-all select-all" data-testid="first-run-webhook-token">
                  {status.verificationToken}
                </code>
                <span>
                  Then edit any page of your catalogue in Notion: the first event Notion sends completes this step (this card checks every
                  few seconds).
                </span>
              </span>
            ) : (
              "Notion then sends a verification token: it shows here, to paste back into Notion."
            )}
          </li>
        </ol>
      )}
      <LoadError what="the webhook status" error={error} />
    </>
  );
}
