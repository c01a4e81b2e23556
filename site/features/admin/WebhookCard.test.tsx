import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { WebhookState } from "#contract/webhook-status";
import { $webhookStatus } from "./admin-webhook";
import WebhookCard from "./WebhookCard";

const base: WebhookState = {
  state: "not-set-up",
  tokenReceivedAt: null,
  verifiedAt: null,
  lastEventAt: null,
  lastEventType: null,
  verificationToken: null,
  pending: { pages: 0, schemas: 0 },
};
/** The rendered card as text, tags dropped, with the given store state. */
function cardText(state: Parameters<typeof $webhookStatus.set>[0]): string {
  $webhookStatus.set(state);
  return renderToString(<WebhookCard />)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");
}

afterEach(() => $webhookStatus.set({ status: null, error: null }));

describe("webhook card", () => {
  it("says how to set up a subscription when there is none", () => {
    const text = cardText({ status: base, error: null });
    expect(text).toContain("Notion webhooks Not set up");
    expect(text).toContain("create a webhook subscription pointing at https://<this site>/api/notion/webhook");
  });

  it("shows the verification token to paste into Notion while waiting for the first event", () => {
    const text = cardText({
      status: { ...base, state: "waiting-for-first-event", verificationToken: "secret_abc123", tokenReceivedAt: "2026-01-01T04:00:00Z" },
      error: null,
    });
    expect(text).toContain("Waiting for the first event");
    expect(text).toContain("Paste this verification token into the subscription in Notion's integration settings (Verify): secret_abc123");
  });

  it("once verified shows the last event and what waits to be synced, and no token", () => {
    const text = cardText({
      status: {
        ...base,
        state: "verified",
        verifiedAt: "2026-01-01T04:00:00Z",
        lastEventAt: "2026-01-01T04:05:00Z",
        lastEventType: "page.properties_updated",
        pending: { pages: 2, schemas: 0 },
      },
      error: null,
    });
    expect(text).toContain("Verified");
    expect(text).toContain("Last event: page.properties_updated at");
    expect(text).toContain("Syncing soon: 2 pages, 0 tables");
    expect(text).not.toContain("secret_");
  });

  it("says why the status could not be loaded", () => {
    expect(cardText({ status: null, error: "HTTP 500" })).toContain("Unknown Could not load the webhook status: HTTP 500");
  });
});
