import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { WebhookState } from "#contract/webhook-status";
import { $webhookStatus } from "./webhook-store";
import WebhookCard from "./WebhookCard";

const URL = "https://coin-op.example/api/notion/webhook/q8Zr_0-KXk3pYl2wVb7NcQfT1uHs5dGaEoJm4iRyLnA";
const base: WebhookState = {
  state: "not-set-up",
  tokenReceivedAt: null,
  verifiedAt: null,
  lastEventAt: null,
  lastEventType: null,
  verificationToken: null,
  webhookUrl: URL,
  pending: { pages: 0, schemas: 0, fullSync: false },
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
  it("says how to set up a subscription when there is none, with the worker's webhook URL and a copy button", () => {
    const text = cardText({ status: base, error: null });
    expect(text).toContain("Notion webhooks Not set up");
    expect(text).toContain("create a webhook subscription with the webhook URL below");
    expect(text).toContain(`Webhook URL (keep it private: whoever has it can send events): ${URL} Copy New webhook URL`);
    const html = renderToString(<WebhookCard />);
    expect(html).toMatch(/<code[^>]*data-testid="webhook-url"[^>]*>https:\/\/coin-op\.example\/api\/notion\/webhook\/q8Zr_0/);
    expect(html).toMatch(/<button type="button"[^>]*>Copy<\/button>/);
  });

  it("shows no webhook URL (and no made-up one) before the status has loaded, or when it could not be", () => {
    for (const state of [
      { status: null, error: null },
      { status: null, error: "HTTP 500" },
    ]) {
      const text = cardText(state);
      expect(text).not.toContain("Webhook URL");
      expect(text).not.toContain("/api/notion/webhook");
      expect(text).not.toContain("Copy");
      expect(text).not.toContain("New webhook URL");
    }
    expect(cardText({ status: null, error: null })).toContain("Notion webhooks Loading…");
  });

  it("shows the verification token to paste into Notion while waiting for the first event", () => {
    const text = cardText({
      status: { ...base, state: "waiting-for-first-event", verificationToken: "secret_abc123", tokenReceivedAt: "2026-01-01T04:00:00Z" },
      error: null,
    });
    expect(text).toContain("Waiting for the first event");
    expect(text).toContain("Paste this verification token into the subscription in Notion's integration settings (Verify): secret_abc123");
    expect(text).toContain(`Webhook URL (keep it private: whoever has it can send events): ${URL} Copy`);
  });

  it("once verified shows the last event and what waits to be synced, and no token", () => {
    const text = cardText({
      status: {
        ...base,
        state: "verified",
        verifiedAt: "2026-01-01T04:00:00Z",
        lastEventAt: "2026-01-01T04:05:00Z",
        lastEventType: "page.properties_updated",
        pending: { pages: 2, schemas: 0, fullSync: false },
      },
      error: null,
    });
    expect(text).toContain("Verified");
    expect(text).toContain("Last event: page.properties_updated at");
    expect(text).toContain("Syncing soon: 2 pages, 0 tables");
    expect(text).not.toContain("secret_");
    expect(text).toContain(URL);
  });

  it("says the whole workspace syncs soon when a full sync is queued in place of too many pages", () => {
    const text = cardText({
      status: { ...base, state: "verified", verifiedAt: "2026-01-01T04:00:00Z", pending: { pages: 3, schemas: 0, fullSync: true } },
      error: null,
    });
    expect(text).toContain("Syncing soon: the whole workspace (more than 10,000 pages were queued)");
    expect(text).not.toContain("Syncing soon: 3 pages");
  });

  it("says why the status could not be loaded", () => {
    expect(cardText({ status: null, error: "HTTP 500" })).toContain("Unknown Could not load the webhook status: HTTP 500");
  });
});
