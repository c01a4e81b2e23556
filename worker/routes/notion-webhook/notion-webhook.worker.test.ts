import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebhookState } from "#contract/webhook-status";
import worker from "../../index";
import { adminCookie, adminFetch } from "../../test/admin";
import { troubledD1 } from "../../test/d1-faults";
import { control, rows, syncSchemas, syncTable } from "../../test/notion-sync";
import {
  deliver,
  deliverSigned,
  editPage,
  pendingChanges,
  runDebouncer,
  titleValue,
  WEBHOOK_TOKEN,
  webhookEvent,
  webhookPath,
} from "../../test/webhooks";
import { signWebhookBody } from "../../notion/webhook-signature";
import { MAX_WEBHOOK_BODY_BYTES } from "./notion-webhook";

const status = async () => (await adminFetch("/api/admin/notion-webhook")).json<WebhookState>();
const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
let pageId: string;

afterEach(() => {
  vi.restoreAllMocks();
});

describe(
  "POST /api/notion/webhook/{secret}: the secret address, handshake, signatures, bounds, freshness, repeats",
  { timeout: 60_000 },
  () => {
    beforeAll(async () => {
      await control("reset");
      await syncSchemas();
      expect((await syncTable("Vintage Toys")).ok).toBe(true);
      pageId = (await rows<{ id: string }>("Vintage Toys"))[0]!.id;
    }, 60_000);

    it("answers 404 to every webhook address while the worker has made no secret, and makes none", async () => {
      for (const path of ["/api/notion/webhook", "/api/notion/webhook/", "/api/notion/webhook/anything"]) {
        const res = await deliver({ verification_token: "evil" }, {}, path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(await res.json()).toEqual({ error: `Not found: ${path}` });
      }
      expect(await count("webhook_endpoint")).toBe(0);
      expect(await count("webhook_subscription")).toBe(0);
    });

    it("gives the admin panel an absolute webhook URL from the request's origin, its secret 256 random URL-safe bits kept from then on", async () => {
      const first = await status();
      expect(first.webhookUrl).toMatch(/^http:\/\/localhost\/api\/notion\/webhook\/[A-Za-z0-9_-]{43}$/);
      expect((await status()).webhookUrl).toBe(first.webhookUrl);
      expect(first).toMatchObject({ state: "not-set-up", pending: { pages: 0, schemas: 0, fullSync: false } });
      // Served under another address (the site's own domain), the URL names that origin.
      const other = await exports.default.fetch("https://coin-op.example/api/admin/notion-webhook", {
        headers: { cookie: await adminCookie("https://coin-op.example"), origin: "https://coin-op.example" },
      });
      expect(other.status).toBe(200);
      const secretPath = new URL(first.webhookUrl).pathname;
      expect((await other.json<WebhookState>()).webhookUrl).toBe(`https://coin-op.example${secretPath}`);
      expect(new URL(first.webhookUrl).pathname).toBe(await webhookPath());
    });

    it("answers the bare address and any wrong secret 404 and stores nothing", async () => {
      const secret = (await webhookPath()).split("/").pop()!;
      const wrong = [
        "/api/notion/webhook",
        "/api/notion/webhook/evil",
        `/api/notion/webhook/${secret.slice(0, -1)}`,
        `/api/notion/webhook/${secret}x`,
        `/api/notion/webhook/${secret.toLowerCase() === secret ? secret.toUpperCase() : secret.toLowerCase()}`,
        `/api/notion/webhook/${secret}/extra`,
      ];
      for (const path of wrong) {
        const verify = await deliver({ verification_token: "evil" }, {}, path);
        expect([path, verify.status]).toEqual([path, 404]);
        const text = JSON.stringify(webhookEvent("page.properties_updated", pageId));
        const event = await deliver(text, { "x-notion-signature": await signWebhookBody("evil", text) }, path);
        expect([path, event.status]).toEqual([path, 404]);
      }
      // A body larger than the app-wide limit gets the same 404, not a 413 that would tell the address apart.
      expect((await deliver({ verification_token: "x".repeat(5000) }, {}, "/api/notion/webhook")).status).toBe(404);
      expect(await count("webhook_subscription")).toBe(0);
      expect(await count("webhook_events")).toBe(0);
      expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
      expect((await status()).state).toBe("not-set-up");
    });

    it("never logs the secret: a failure on the webhook address is logged with <secret> in its place", async () => {
      const path = await webhookPath();
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`http://localhost${path}`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
        { ...env, DB: troubledD1({ kind: "down" }) },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(503);
      const logged = error.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
      expect(error.mock.calls.map((call) => JSON.parse(String(call[0])))).toContainEqual(
        expect.objectContaining({ event: "d1_unavailable", method: "POST", path: "/api/notion/webhook/<secret>" }),
      );
      expect(logged).not.toContain(path.split("/").pop()!);
    });

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
        pending: { pages: 1, schemas: 0, fullSync: false },
      });
      expect(await runDebouncer()).toBe(true);
    });

    it("refuses a signed event whose entity is not a Notion id (32 hex digits, dashes allowed) with 400, queueing nothing", async () => {
      const events = await count("webhook_events");
      for (const id of [
        "not-an-id",
        pageId.slice(0, -1),
        `${pageId}0`,
        `${pageId.replace(/-/g, "").slice(0, 31)}g`,
        "../../v1/users",
        "",
      ]) {
        const res = await deliverSigned(webhookEvent("page.properties_updated", id));
        expect([id, res.status]).toEqual([id, 400]);
        expect((await res.json<{ error: string }>()).error).toBe(
          "Not a Notion webhook event: ✖ Not a Notion id (32 hex digits, dashes allowed)\n  → at entity.id",
        );
      }
      expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
      expect(await count("webhook_events")).toBe(events);
    });

    it("takes an id of 32 hex digits without dashes, in capitals, as the same page: queued once, in its dashed form", async () => {
      const plain = pageId.replace(/-/g, "").toUpperCase();
      const res = await deliverSigned(webhookEvent("page.properties_updated", plain));
      expect(await res.json()).toEqual({ ok: true, queued: { pages: [pageId], schemas: [] } });
      expect((await deliverSigned(webhookEvent("page.content_updated", pageId))).status).toBe(200);
      expect(await pendingChanges()).toEqual({ pages: [pageId], schemas: [] });
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
      expect((await deliver(text.replace(pageId, "00000000-0000-4000-8000-00000000beef"), { "x-notion-signature": good })).status).toBe(
        401,
      );
      expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    });

    it("refuses a correctly signed event older than 24 hours, or dated in the future, saying why in the log", async () => {
      const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const event = webhookEvent("page.properties_updated", pageId, new Date(Date.now() - 25 * 3_600_000));
      const old = await deliverSigned({ ...event, attempt_number: 8 });
      expect(old.status).toBe(400);
      const reason = `Stale event: dated ${event.timestamp}, more than 24 hours ago, after Notion has stopped retrying it (the nightly sync copies its change)`;
      expect(await old.json()).toEqual({ error: reason });
      expect(warned.mock.calls.map(([line]) => JSON.parse(line as string))).toContainEqual({
        event: "webhook_refused",
        eventId: event.id,
        type: "page.properties_updated",
        attempt: 8,
        message: reason,
      });
      const future = await deliverSigned(webhookEvent("page.properties_updated", pageId, new Date(Date.now() + 5 * 60_000)));
      expect(future.status).toBe(400);
      expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
      // 23 hours late (a retry after a long outage) is still fine.
      expect((await deliverSigned(webhookEvent("page.properties_updated", pageId, new Date(Date.now() - 23 * 3_600_000)))).status).toBe(
        200,
      );
      expect(await pendingChanges()).toEqual({ pages: [pageId], schemas: [] });
      await runDebouncer();
    });

    it("syncs the page of an event Notion delivers 40 minutes late (a retry after an outage); the same event again is acknowledged and changes nothing", async () => {
      await editPage(pageId, { properties: titleValue("Late Tin Robot") });
      const event = webhookEvent("page.properties_updated", pageId, new Date(Date.now() - 40 * 60_000));
      const late = await deliverSigned({ ...event, attempt_number: 4 });
      expect([late.status, await late.json()]).toEqual([200, { ok: true, queued: { pages: [pageId], schemas: [] } }]);
      expect(await runDebouncer()).toBe(true);
      const title = async () => (await rows<{ id: string; title: string }>("Vintage Toys")).find((r) => r.id === pageId)?.title;
      expect(await title()).toBe("Late Tin Robot");

      // Notion's next retry of that same event, after another edit the event does not name: acknowledged, nothing synced.
      await editPage(pageId, { properties: titleValue("Edited Again") });
      const again = await deliverSigned({ ...event, attempt_number: 5 });
      expect([again.status, await again.json()]).toEqual([200, { ok: true, duplicate: true }]);
      expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
      expect(await runDebouncer()).toBe(false);
      expect(await title()).toBe("Late Tin Robot");
      // Its id is kept until the event could no longer be accepted: a day after its own date, plus a minute of clock skew.
      const kept = await env.DB.prepare("SELECT forget_at FROM webhook_events WHERE event_id = ?1")
        .bind(event.id)
        .first<{ forget_at: number }>();
      expect(kept!.forget_at).toBe(Date.parse(event.timestamp) + 24 * 3_600_000 + 60_000);
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

    it("keeps a verified subscription's token: another verification request gets 409 until the admin resets it, which replaces the secret", async () => {
      const res = await deliver({ verification_token: "attacker-token" });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: "A verified webhook subscription exists; to set up another, make a new webhook URL in the admin panel (Notion Sync)",
      });
      expect((await deliver({ verification_token: WEBHOOK_TOKEN })).status).toBe(200);
      const oldPath = await webhookPath();
      const before = await status();
      const reset = await adminFetch("/api/admin/notion-webhook", { method: "DELETE" });
      expect(reset.status).toBe(200);
      expect(await reset.json()).toEqual({
        message: "Webhook subscription forgotten and a new webhook URL made; create the subscription in Notion again with the new URL",
      });
      const after = await status();
      expect(after.state).toBe("not-set-up");
      expect(after.webhookUrl).toMatch(/^http:\/\/localhost\/api\/notion\/webhook\/[A-Za-z0-9_-]{43}$/);
      expect(after.webhookUrl).not.toBe(before.webhookUrl);
      // The old address is gone: neither a verification nor an event signed with the old token gets through.
      expect((await deliver({ verification_token: "late-token" }, {}, oldPath)).status).toBe(404);
      const text = JSON.stringify(webhookEvent("page.created", pageId));
      expect((await deliver(text, { "x-notion-signature": await signWebhookBody(WEBHOOK_TOKEN, text) }, oldPath)).status).toBe(404);
      expect(await count("webhook_subscription")).toBe(0);
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
  },
);
