import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { readWebhookSecret, webhookSecret } from "./webhook-endpoint";
import { markEvent, readStatus, readToken, resetSubscription, storeToken } from "./webhook-subscription";

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM webhook_subscription"), env.DB.prepare("DELETE FROM webhook_endpoint")]);
});

describe("the webhook endpoint's secret and a reset while requests are under way", () => {
  it("makes the secret once, the same for callers at the same moment, and reads none before", async () => {
    expect(await readWebhookSecret(env.DB)).toBeNull();
    const secrets = await Promise.all(Array.from({ length: 8 }, () => webhookSecret(env.DB)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readWebhookSecret(env.DB)).toBe(secrets[0]);
  });

  it("a reset replaces the secret; a verification checked against the old one stores no token afterwards", async () => {
    const old = await webhookSecret(env.DB);
    expect(await storeToken(env.DB, "first-token", old)).toBe(true);
    await resetSubscription(env.DB);
    const fresh = await readWebhookSecret(env.DB);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(old);
    expect(await storeToken(env.DB, "late-token", old)).toBe(false);
    expect(await readToken(env.DB)).toBeNull();
    expect(await storeToken(env.DB, "new-token", fresh!)).toBe(true);
    expect(await readToken(env.DB)).toBe("new-token");
  });

  it("an event checked against a token since reset does not mark the new subscription verified", async () => {
    const old = await webhookSecret(env.DB);
    await storeToken(env.DB, "old-token", old);
    await resetSubscription(env.DB);
    await storeToken(env.DB, "new-token", (await readWebhookSecret(env.DB))!);
    await markEvent(env.DB, "old-token", "page.created");
    expect(await readStatus(env.DB)).toMatchObject({ state: "waiting-for-first-event", verificationToken: "new-token", lastEventAt: null });
    await markEvent(env.DB, "new-token", "page.created");
    expect(await readStatus(env.DB)).toMatchObject({ state: "verified", lastEventType: "page.created" });
  });
});
