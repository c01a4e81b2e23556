import { createExecutionContext, env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../index";
import { startSession } from "../data/admin-sessions";
import { newSessionToken, SESSION_COOKIE } from "../lib/session";
import { adminCookie, adminFetch } from "../test/admin";
import { SWITCH_KEY } from "../cache/settings";

const ADMIN_ENDPOINTS: [string, string][] = [
  ["GET", "/api/admin/cache/stats"],
  ["POST", "/api/admin/cache/clear"],
  ["POST", "/api/admin/cache/enable"],
  ["POST", "/api/admin/cache/disable"],
  ["POST", "/api/admin/notion-sync-schemas"],
  ["GET", "/api/admin/notion-tables"],
  ["POST", "/api/admin/notion-sync-table"],
  ["POST", "/api/admin/notion-sync-all"],
  ["GET", "/api/admin/sync-status"],
  ["GET", "/api/admin/sync-runs"],
  ["GET", "/api/admin/notion-parent"],
  ["PUT", "/api/admin/notion-parent"],
  ["GET", "/api/admin/first-run"],
  ["GET", "/api/admin/first-run/notion"],
  ["POST", "/api/admin/first-run/setup"],
  ["POST", "/api/admin/first-run/check"],
];

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://localhost${path}`, {
    method,
    headers: method === "POST" ? { "content-type": "application/json", ...headers } : headers,
    body: method === "POST" ? JSON.stringify({ tableName: "notion_slot_machines", databaseId: "x" }) : undefined,
  });

describe("admin guard: no session", () => {
  it.each(ADMIN_ENDPOINTS)("%s %s answers 401 JSON", async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Sign in to use the admin panel" });
  });

  it("POST /api/admin/notion-sync-schemas without a session drops no notion_* table", async () => {
    await env.DB.exec("CREATE TABLE IF NOT EXISTS notion_guard_probe (id TEXT PRIMARY KEY)");
    expect((await call("POST", "/api/admin/notion-sync-schemas")).status).toBe(401);
    const row = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'notion_guard_probe'").first();
    expect(row).toEqual({ name: "notion_guard_probe" });
  });

  it("answers 401 for a tampered cookie", async () => {
    const [name, token] = (await adminCookie()).split("=");
    const flipped = `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`;
    const tampered = [flipped, token!.slice(1), `${token}A`, `${token}.x`, "garbage", ""];
    for (const cookie of tampered.map((value) => `${name}=${value}`)) {
      expect((await call("GET", "/api/admin/sync-status", { cookie })).status).toBe(401);
    }
  });

  it("answers 401 for an expired cookie", async () => {
    const { token } = await startSession(env.DB, env.ADMIN_PASSWORD, Date.now() - 13 * 3600_000);
    const res = await call("GET", "/api/admin/sync-status", { cookie: `${SESSION_COOKIE}=${token}` });
    expect(res.status).toBe(401);
  });

  it("answers 401 for a well-formed random token that no session holds", async () => {
    const res = await call("GET", "/api/admin/sync-status", { cookie: `${SESSION_COOKIE}=${newSessionToken()}` });
    expect(res.status).toBe(401);
  });
});

describe("admin guard: cross-origin state changes", () => {
  it("answers 403 to a POST from another Origin despite a valid session", async () => {
    const res = await adminFetch("/api/admin/cache/clear", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-origin admin requests are not allowed" });
  });

  it("answers 403 to a POST marked Sec-Fetch-Site: cross-site", async () => {
    const res = await adminFetch("/api/admin/cache/clear", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
  });

  it("answers 403 to a cross-origin sign-in attempt", async () => {
    const res = await exports.default.fetch("http://localhost/api/admin/session", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", "cf-connecting-ip": "203.0.113.77" },
      body: JSON.stringify({ password: env.ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("lets a state-changing POST without an Origin header through: the SameSite=Strict cookie is never sent cross-site", async () => {
    const cookie = await adminCookie();
    const variants: Record<string, string>[] = [
      { cookie },
      { cookie, "sec-fetch-site": "same-origin" },
      { cookie, "sec-fetch-site": "none" },
    ];
    for (const headers of variants) {
      const res = await exports.default.fetch("http://localhost/api/admin/cache/enable", { method: "POST", headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.json()).toEqual({ message: "Caching enabled" });
    }
  });

  it("answers 403 to a POST without an Origin header marked Sec-Fetch-Site: cross-site", async () => {
    const res = await exports.default.fetch("http://localhost/api/admin/cache/disable", {
      method: "POST",
      headers: { cookie: await adminCookie(), "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-origin admin requests are not allowed" });
    expect(await env.CACHE.get(SWITCH_KEY)).not.toBe("false");
  });

  it("lets same-origin state changes and cross-origin reads through", async () => {
    expect((await adminFetch("/api/admin/session", { method: "DELETE" })).status).toBe(200);
    expect((await adminFetch("/api/admin/sync-status", { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("admin guard: no ADMIN_PASSWORD secret", () => {
  const unconfigured = { ...env, ADMIN_PASSWORD: "" };
  const send = (method: string, path: string, body?: unknown) =>
    worker.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      unconfigured,
      createExecutionContext(),
    );

  it("refuses sign-in with 503", async () => {
    const res = await send("POST", "/api/admin/session", { password: "" });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Admin access is not configured" });
  });

  it.each([
    ["GET", "/api/admin/session"],
    ["DELETE", "/api/admin/session"],
  ])("refuses %s %s (session state, sign-out) with 503", async (method, path) => {
    const res = await send(method, path);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Admin access is not configured" });
  });

  it.each(ADMIN_ENDPOINTS)("refuses %s %s with 503", async (method, path) => {
    const res = await send(method, path, method === "POST" ? {} : undefined);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Admin access is not configured" });
  });
});

describe("admin guard: an ADMIN_PASSWORD shorter than 12 characters", () => {
  const send = (password: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    worker.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.90", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      { ...env, ADMIN_PASSWORD: password },
      createExecutionContext(),
    );

  it.each(["admin", "s3cret-Valu", "ünïcödé-pä", "🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰"])(
    "refuses sign-in with that very password, and every other admin call, with 503 saying why (%s)",
    async (password) => {
      const signIn = await send(password, "POST", "/api/admin/session", {}, { password });
      expect(signIn.status).toBe(503);
      expect(await signIn.json()).toEqual({ error: "Admin access is not configured: ADMIN_PASSWORD must be at least 12 characters" });
      expect(signIn.headers.get("set-cookie")).toBeNull();
      for (const [method, path] of [["GET", "/api/admin/session"], ...ADMIN_ENDPOINTS]) {
        const res = await send(password, method!, path!, { cookie: await adminCookie() }, method === "POST" ? {} : undefined);
        expect([method, path, res.status]).toEqual([method, path, 503]);
      }
    },
  );

  it("lets a password of exactly 12 characters (counted as characters, not bytes) sign in", async () => {
    for (const password of ["s3cret-Value", "ünïcödé-päss", "🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰🎰"]) {
      const res = await send(password, "POST", "/api/admin/session", {}, { password });
      expect([password, res.status]).toEqual([password, 200]);
    }
  });
});
