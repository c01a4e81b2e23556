import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../test/admin";
import { control, rows, syncSchemas, syncTable } from "../test/notion-sync";
import { deliver, deliverSigned, pendingChanges, runDebouncer, WEBHOOK_TOKEN, webhookEvent } from "../test/webhooks";
import { signWebhookBody } from "../notion/webhook-signature";
import { MAX_WEBHOOK_BODY_BYTES } from "./notion-webhook";

type Status = {
  state: string;
  verificationToken: string | null;
  verifiedAt: string | null;
  lastEventAt: string | null;
  lastEventType: string | null;
  pending: { pages: number; schemas: number };
};
const status = async () => (await adminFetch("/api/admin/notion-webhook")).json<Status>();
let pageId: string;

describe("POST /api/notion/webhook: handshake, signatures, freshness, repeats", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await control("reset");
    await syncSchemas();
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    pageId = (await rows<{ id: string }>("Vintage Toys"))[0].id;
  }, 60_000);

  it("refuses events before Notion's verification request with 401", async () => {
    const res = await deliverSigned(webhookEvent("page.properties_updated", pageId));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "No webhook subscription: Notion's verification request has not arrived yet" });
    expect((await status()).state).toBe("not-set-up");
  });

  it("stores the verification token; the admin panel shows it until the first signed event verifies the subscription", async () => {
    const res = await deliver({ verification_token: WEBHOOK_TOKEN });
    expect(res.status).toBe(200);
    expect(await status()).toMatchObject({ state: "waiting-for-first-event", verificationToken: WEBHOOK_TOKEN, verifiedAt: null });
  });

  it("accepts a correctly signed event, queues its page and marks the subscription verified (token no longer shown)", async () => {
    const res = await deliverSigned(webhookEvent("page.properties_updated", pageId));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, queued: { pages: [pageId], schemas: [] } });
    expect(await pendingChanges()).toEqual({ pages: [pageId], schemas: [] });
    expect(await status()).toMatchObject({
      state: "verified",
      verificationToken: null,
      lastEventType: "page.properties_updated",
      pending: { pages: 1, schemas: 0 },
    });
    expect(await runDebouncer()).toBe(true);
  });

  it("refuses an event without a signature, with a wrong one, or signed with another token: 401, nothing queued", async () => {
    const event = webhookEvent("page.properties_updated", pageId);
    const text = JSON.stringify(event);
    const good = await signWebhookBody(WEBHOOK_TOKEN, text);
    const wrong = good.slice(0, -1) + (good.endsWith("0") ? "1" : "0");
    const cases: Record<string, string>[] = [
      {},
      { "x-notion-signature": wrong },
      { "x-notion-signature": await signWebhookBody("another-token", text) },
      { "x-notion-signature": "garbage" },
    ];
    for (const headers of cases) {
      const res = await deliver(text, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Missing or invalid X-Notion-Signature" });
    }
    // A body changed after signing does not pass either.
    expect((await deliver(text.replace(pageId, "00000000-0000-4000-8000-00000000beef"), { "x-notion-signature": good })).status).toBe(401);
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
  });

  it("refuses a correctly signed event older than 10 minutes, or dated in the future", async () => {
    const old = await deliverSigned(webhookEvent("page.properties_updated", pageId, new Date(Date.now() - 11 * 60_000)));
    expect(old.status).toBe(400);
    expect((await old.json<{ error: string }>()).error).toMatch(/^Stale event: dated .*, more than 10 minutes ago$/);
    const future = await deliverSigned(webhookEvent("page.properties_updated", pageId, new Date(Date.now() + 5 * 60_000)));
    expect(future.status).toBe(400);
    // Five minutes late (Notion's longest usual delay) is still fine.
    expect((await deliverSigned(webhookEvent("page.properties_updated", pageId, new Date(Date.now() - 5 * 60_000)))).status).toBe(200);
    expect(await pendingChanges()).toEqual({ pages: [pageId], schemas: [] });
    await runDebouncer();
  });

  it("accepts a signed event of several KB (Notion lists authors and properties; the app-wide 1 KB limit does not apply)", async () => {
    const authors = Array.from({ length: 60 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      type: "person",
    }));
    const event = { ...webhookEvent("page.properties_updated", pageId), authors };
    expect(JSON.stringify(event).length).toBeGreaterThan(4096);
    expect((await deliverSigned(event)).status).toBe(200);
    await runDebouncer();
  });

  it("answers 413 to a body over 64 KB before reading it as an event", async () => {
    const big = JSON.stringify({ ...webhookEvent("page.properties_updated", pageId), padding: "x".repeat(MAX_WEBHOOK_BODY_BYTES) });
    const res = await deliver(big, { "x-notion-signature": await signWebhookBody(WEBHOOK_TOKEN, big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: `Webhook body larger than ${MAX_WEBHOOK_BODY_BYTES} bytes` });
  });

  it("answers 400 to a signed body that is not JSON or not an event", async () => {
    const notJson = "not json";
    expect((await deliver(notJson, { "x-notion-signature": await signWebhookBody(WEBHOOK_TOKEN, notJson) })).status).toBe(400);
    const res = await deliverSigned({ id: "e", type: "page.created" });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/^Not a Notion webhook event: /);
  });

  it("acknowledges a repeated delivery of the same event without queueing it again", async () => {
    const event = webhookEvent("page.content_updated", pageId);
    expect(await (await deliverSigned(event)).json()).toEqual({ ok: true, queued: { pages: [pageId], schemas: [] } });
    expect(await runDebouncer()).toBe(true);
    const again = await deliverSigned({ ...event, attempt_number: 2 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    expect(await runDebouncer()).toBe(false);
  });

  it("acknowledges a signed event of a type that names nothing to sync (a comment) without queueing anything", async () => {
    const res = await deliverSigned(webhookEvent("comment.created", "00000000-0000-4000-8000-00000000c0de"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, queued: { pages: [], schemas: [] } });
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    expect((await status()).lastEventType).toBe("comment.created");
  });

  it("keeps a verified subscription's token: another verification request gets 409 until the admin resets it", async () => {
    const res = await deliver({ verification_token: "attacker-token" });
    expect(res.status).toBe(409);
    expect((await deliver({ verification_token: WEBHOOK_TOKEN })).status).toBe(200);
    expect((await adminFetch("/api/admin/notion-webhook", { method: "DELETE" })).status).toBe(200);
    expect((await status()).state).toBe("not-set-up");
    expect((await deliver({ verification_token: "new-token" })).status).toBe(200);
    expect((await deliverSigned(webhookEvent("page.created", pageId))).status).toBe(401);
    expect((await deliverSigned(webhookEvent("page.created", pageId), "new-token")).status).toBe(200);
    await runDebouncer();
  });

  it("the status endpoint is admin-only", async () => {
    expect((await exports.default.fetch("http://localhost/api/admin/notion-webhook")).status).toBe(401);
    expect(
      (
        await exports.default.fetch("http://localhost/api/admin/notion-webhook", {
          method: "DELETE",
          headers: { origin: "http://localhost" },
        })
      ).status,
    ).toBe(401);
  });
});
