import { useStore } from "@nanostores/react";
import LoadError from "../shared/LoadError";
import { useEffect, type ReactElement } from "react";
import { formatTime } from "../shared/format-time";
import { SYNC_STATUS_POLL_MS } from "./sync-store";
import { $resettingWebhook, $webhookStatus, copyWebhookUrl, makeNewWebhookUrl, refreshWebhookStatus } from "./webhook-store";
import { WEBHOOK_MAX_QUEUED_IDS } from "#contract/webhook-status";
import ConfirmDialog from "../shared/ConfirmDialog";

const STATE_TEXT = { "not-set-up": "Not set up", "waiting-for-first-event": "Waiting for the first event", verified: "Verified" } as const;

/** The webhook URL to paste into Notion's subscription form, selectable, with a copy button and a way to replace it. */
function WebhookUrl({ url }: { url: string }) {
  const resetting = useStore($resettingWebhook);
  return (
    <div className="grid gap-1 text-sm">
      <span>Webhook URL (keep it private: whoever has it can send events):</span>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-cream-100 p-2 break-all select-all" data-testid="webhook-url">
          {url}
        </code>
        <button type="button" className="btn-outline" onClick={() => void copyWebhookUrl(url)}>
          Copy
        </button>
        <WebhookResetConfirm onConfirm={() => void makeNewWebhookUrl()}>
          <button type="button" className="btn-outline" disabled={resetting}>
            New webhook URL
          </button>
        </WebhookResetConfirm>
      </div>
    </div>
  );
}

/**
 * The Notion webhook subscription: not set up (how to), waiting (the token to paste into Notion), or verified (last
 * event, what waits), with the webhook URL to paste into Notion once the status has loaded.
 */
export default function WebhookCard() {
  const { status, error } = useStore($webhookStatus);
  useEffect(() => {
    void refreshWebhookStatus();
    const timer = setInterval(() => void refreshWebhookStatus(), SYNC_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section
      className="card grid grid-cols-1 gap-2 p-5"
      aria-labelledby="webhook-heading"
      data-testid="webhook-card"
      data-state={status?.state}
    >
      <h2 id="webhook-heading" className="text-xl font-bold text-oxblood-800">
        Notion webhooks
      </h2>
      <p className="font-bold" aria-live="polite">
        {status ? STATE_TEXT[status.state] : error ? "Unknown" : "Loading…"}
      </p>
      {status?.state === "not-set-up" && (
        <p className="text-sm">
          In Notion's integration settings, create a webhook subscription with the webhook URL below. Its verification token then shows
          here; edits in Notion reach the site without pressing Sync Data.
        </p>
      )}
      {status?.state === "waiting-for-first-event" && (
        <p className="grid gap-1 text-sm">
          <span>Paste this verification token into the subscription in Notion's integration settings (Verify):</span>
          <code className="rounded bg-cream-100 p-2 break-all select-all" data-testid="webhook-token">
            {status.verificationToken}
          </code>
          <span className="text-walnut">Received {formatTime(status.tokenReceivedAt)}</span>
        </p>
      )}
      {status?.state === "verified" && (
        <p className="grid gap-0.5 text-sm">
          <span>Verified {formatTime(status.verifiedAt)}</span>
          <span>
            Last event: {status.lastEventType} at {formatTime(status.lastEventAt)}
          </span>
          {status.pending.fullSync ? (
            <span className="text-brass-700">
              Syncing soon: the whole workspace (more than {WEBHOOK_MAX_QUEUED_IDS.toLocaleString("en-US")} pages were queued)
            </span>
          ) : (
            status.pending.pages + status.pending.schemas > 0 && (
              <span className="text-brass-700">
                Syncing soon: {status.pending.pages} pages, {status.pending.schemas} tables
              </span>
            )
          )}
        </p>
      )}
      {status && <WebhookUrl url={status.webhookUrl} />}
      <LoadError what="the webhook status" error={error} />
    </section>
  );
}

/** Props of the confirmation: the button that opens it, and what confirming does. */
type ConfirmProps = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the New webhook URL button): says the current URL stops working and the subscription must be made again. */
function WebhookResetConfirm({ children, onConfirm }: ConfirmProps) {
  const body = (
    <>
      <p>The subscription is forgotten and the current webhook URL stops working at once.</p>
      <p className="font-semibold text-oxblood-700">
        Edits in Notion reach the site only after Sync Data until the subscription is made again.
      </p>
      <p>Afterwards, create the subscription in Notion's integration settings with the new URL and paste its verification token here.</p>
    </>
  );
  return (
    <ConfirmDialog title="Make a new webhook URL?" body={body} action="Make a new URL" destructive onConfirm={onConfirm}>
      {children}
    </ConfirmDialog>
  );
}
