import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { ADMIN_PATHS, API_PATHS } from "#contract/api-paths";
import { DEALER_SETTING_DEFAULTS, type AdminSettings, type PublicSettings, type SettingsSaved } from "#contract/site-settings";
import worker from "../index";
import { adminCookie, adminFetch, TEST_ORIGIN } from "../test/admin";
import type { RecordedCall } from "../test/hook-recorder";

const recorder = inject("hookRecorderUrl");
const TOKEN = "0123456789abcdef0123456789abcdef";

/** Calls the settings route as a signed-in admin through a worker with `vars` changed, waiting for its background work. */
async function call(method: "GET" | "PUT", body?: unknown, vars: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { cookie: await adminCookie(), origin: TEST_ORIGIN, "content-type": "application/json" };
  const res = await worker.fetch(
    new Request(`${TEST_ORIGIN}${ADMIN_PATHS.settings}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const publicSettings = async () => (await exports.default.fetch(`${TEST_ORIGIN}${API_PATHS.siteSettings}`)).json<PublicSettings>();

beforeEach(async () => {
  await env.DB.exec("DELETE FROM site_settings");
});

describe("GET /api/admin/settings", () => {
  it("gives every setting's default while none is stored, and what is switched off", async () => {
    const res = await call("GET", undefined, { ENQUIRY_EMAIL_TO: "", TURNSTILE_SECRET: "", DEPLOY_HOOK_URL: "" });
    expect(await res.json<AdminSettings>()).toEqual({
      settings: DEALER_SETTING_DEFAULTS,
      stored: [],
      features: { email: "no-address", turnstile: false, rebuild: false },
    });
    const on = await call("GET", undefined, { ENQUIRY_EMAIL_TO: "dealer@example.com", TURNSTILE_SECRET: "s", DEPLOY_HOOK_URL: recorder });
    expect((await on.json<AdminSettings>()).features).toEqual({ email: "on", turnstile: true, rebuild: true });
    const noBinding = await call("GET", undefined, { ENQUIRY_EMAIL_TO: "dealer@example.com", ENQUIRY_EMAIL: undefined });
    expect((await noBinding.json<AdminSettings>()).features.email).toBe("no-binding");
  });

  it("answers 401 without a session", async () => {
    expect((await exports.default.fetch(`${TEST_ORIGIN}${ADMIN_PATHS.settings}`)).status).toBe(401);
  });
});

describe("PUT /api/admin/settings", () => {
  it("stores what it names, keeps the rest, and a null goes back to the default", async () => {
    const saved = await (await call("PUT", { enquiriesPerHour: 50, handledEnquiryDays: 30 })).json<SettingsSaved>();
    expect(saved).toMatchObject({
      settings: { ...DEALER_SETTING_DEFAULTS, enquiriesPerHour: 50, handledEnquiryDays: 30 },
      stored: ["enquiriesPerHour", "handledEnquiryDays"],
      message: "Settings saved.",
      rebuild: "not-needed",
    });
    const reset = await (await call("PUT", { enquiriesPerHour: null })).json<SettingsSaved>();
    expect(reset.settings.enquiriesPerHour).toBe(DEALER_SETTING_DEFAULTS.enquiriesPerHour);
    expect(reset.stored).toEqual(["handledEnquiryDays"]);
    expect((await (await call("PUT", { handledEnquiryDays: 30 })).json<SettingsSaved>()).message).toBe("Nothing changed.");
  });

  it("asks for a site rebuild when what pages show changes, and says so; the public endpoint answers the new values", async () => {
    const path = `/rebuild/${crypto.randomUUID()}`;
    const res = await call("PUT", { currency: "EUR", locale: "de-DE", analyticsToken: TOKEN }, { DEPLOY_HOOK_URL: `${recorder}${path}` });
    expect(await res.json<SettingsSaved>()).toMatchObject({
      rebuild: "requested",
      message: "Settings saved. The site is being rebuilt with them: the pages show the change in a few minutes.",
    });
    const calls = (await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>()).filter((c) => c.path === path);
    expect(calls.map((c) => JSON.parse(c.body))).toEqual([{ reason: "settings" }]);
    const answer = await exports.default.fetch(`${TEST_ORIGIN}${API_PATHS.siteSettings}`);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ currency: "EUR", locale: "de-DE", analyticsToken: TOKEN });
    const unhooked = await call("PUT", { analyticsToken: null }, { DEPLOY_HOOK_URL: "" });
    expect(await unhooked.json<SettingsSaved>()).toMatchObject({
      rebuild: "not-configured",
      message:
        "Settings saved. Rebuilds are not set up (no deploy hook: Notion Sync, Rebuilds), so the pages show the change after the site's next build.",
    });
    expect(await publicSettings()).toEqual({ currency: "EUR", locale: "de-DE", analyticsToken: null });
  });

  it("refuses an unknown currency or locale, a malformed token, a number out of range or an unknown key with 400, storing nothing", async () => {
    for (const body of [
      { currency: "XYZ" },
      { currency: "eur" },
      { locale: "not a locale" },
      { locale: "en-us" },
      { analyticsToken: "<script>" },
      { enquiriesPerHour: 0 },
      { enquiriesPerDay: 1.5 },
      { enquiriesStoredMax: 50 },
      { handledEnquiryDays: "30" },
      { currency: "EUR", colour: "red" },
    ]) {
      const res = await adminFetch(ADMIN_PATHS.settings, { method: "PUT", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await adminFetch(ADMIN_PATHS.settings, { method: "PUT", body: { enquiriesPerHour: 0 } });
    expect(await res.json()).toEqual({ error: "Invalid enquiriesPerHour: Enter a whole number from 1 to 1,000." });
    expect(await publicSettings()).toEqual({ currency: "USD", locale: "en-US", analyticsToken: null });
  });
});
