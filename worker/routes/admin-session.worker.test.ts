import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../index";
import { adminCookie } from "../test/admin";

let nextClient = 0;
/** A fresh client address per test, so throttling in one test never leaks into another. */
const freshClient = () => `198.51.100.${++nextClient}-${crypto.randomUUID()}`;

function signIn(password: unknown, options: { client?: string; base?: string } = {}) {
  const base = options.base ?? "http://localhost";
  return exports.default.fetch(`${base}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "cf-connecting-ip": options.client ?? freshClient() },
    body: JSON.stringify({ password }),
  });
}

describe("POST /api/admin/session (sign-in)", () => {
  beforeEach(async () => {
    await env.DB.exec("DELETE FROM admin_attempts");
  });

  it("sets an HttpOnly, SameSite=Strict, 12-hour session cookie for the right password", async () => {
    const res = await signIn(env.ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json<{ authenticated: boolean; expiresAt: string }>();
    expect(body.authenticated).toBe(true);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(12 * 3600_000 - 60_000);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("Max-Age=43200");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).not.toContain("Secure");
  });

  it("names the cookie __Host-admin_session over HTTPS (Secure, Path=/, no Domain), and takes only that name there", async () => {
    const base = "https://catalogue.example.com";
    const res = await signIn(env.ADMIN_PASSWORD, { base });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-admin_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).not.toMatch(/Domain=/i);
    const token = cookie.split(";")[0]!.slice("__Host-admin_session=".length);
    const status = async (url: string, name: string) =>
      (await exports.default.fetch(url, { headers: { cookie: `${name}=${token}` } })).status;
    expect(await status(`${base}/api/admin/sync-status`, "__Host-admin_session")).toBe(200);
    // Without the prefix a cookie could have been set by another subdomain or over plain HTTP: refused over HTTPS.
    expect(await status(`${base}/api/admin/sync-status`, "admin_session")).toBe(401);
    expect(await status("http://localhost/api/admin/sync-status", "__Host-admin_session")).toBe(401);
    const signOut = await exports.default.fetch(`${base}/api/admin/session`, {
      method: "DELETE",
      headers: { cookie: `__Host-admin_session=${token}`, origin: base },
    });
    expect(signOut.headers.get("set-cookie")).toMatch(/^__Host-admin_session=;.*Max-Age=0/);
    expect(await status(`${base}/api/admin/sync-status`, "__Host-admin_session")).toBe(401);
  });

  it("marks the cookie Secure on a non-local host, even over plain HTTP", async () => {
    const res = await signIn(env.ADMIN_PASSWORD, { base: "http://catalogue.example.com" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^admin_session=[^;]+;.*Secure/);
  });

  it("answers a wrong password with 401 and no cookie", async () => {
    const res = await signIn("not-the-password");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Incorrect password" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("answers a body without a password with 400", async () => {
    const res = await exports.default.fetch("http://localhost/api/admin/session", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": freshClient() },
      body: JSON.stringify({ pass: "x" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^Invalid password: /) });
  });

  it("throttles a client after 5 failed attempts with 429 and Retry-After, even for the right password", async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i++) expect((await signIn("wrong", { client })).status).toBe(401);
    const blocked = await signIn(env.ADMIN_PASSWORD, { client });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: "Too many sign-in attempts. Try again in 1 minute." });
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await signIn(env.ADMIN_PASSWORD)).status).toBe(200);
  });

  it("grows a client's delay with each further failure", async () => {
    const client = freshClient();
    for (let i = 0; i < 5; i++) expect((await signIn("wrong", { client })).status).toBe(401);
    await env.DB.prepare("UPDATE admin_attempts SET next_allowed = ?1 WHERE client = ?2").bind(Date.now(), client).run();
    expect((await signIn("wrong", { client })).status).toBe(401);
    const blocked = await signIn(env.ADMIN_PASSWORD, { client });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: "Too many sign-in attempts. Try again in 2 minutes." });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(110);
  });

  it("counts every address of one IPv6 /64 as one client, and another /64 apart", async () => {
    for (let i = 1; i <= 5; i++) expect((await signIn("wrong", { client: `2001:db8:aa:bb::${i}` })).status).toBe(401);
    const sameNetwork = await signIn(env.ADMIN_PASSWORD, { client: "2001:db8:aa:bb:ffff:1:2:3" });
    expect(sameNetwork.status).toBe(429);
    expect((await signIn(env.ADMIN_PASSWORD, { client: "2001:db8:aa:bc::1" })).status).toBe(200);
  });

  it("lets the operator sign in from a new address after 50 wrong passwords from 50 addresses", async () => {
    const started = performance.now();
    for (let n = 0; n < 50; n++) expect((await signIn("wrong", { client: `192.0.2.${n}` })).status).toBe(401);
    const flooded = performance.now();
    const operator = await signIn(env.ADMIN_PASSWORD, { client: "203.0.113.200" });
    console.log(
      `sign-in flood: 50 failures from 50 addresses in ${Math.round(flooded - started)} ms; the operator's sign-in then took ${Math.round(performance.now() - flooded)} ms with status ${operator.status}`,
    );
    expect(operator.status).toBe(200);
    expect(operator.headers.get("set-cookie")).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
  });

  it("under such a flood delays each address after its first failure instead of its fifth", async () => {
    for (let n = 0; n < 50; n++) expect((await signIn("wrong", { client: `192.0.2.${n}` })).status).toBe(401);
    expect((await signIn("wrong", { client: "203.0.113.201" })).status).toBe(401);
    const blocked = await signIn(env.ADMIN_PASSWORD, { client: "203.0.113.201" });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: "Too many sign-in attempts. Try again in 1 minute." });
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const client = freshClient();
    for (let i = 0; i < 4; i++) await signIn("wrong", { client });
    expect((await signIn(env.ADMIN_PASSWORD, { client })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn("wrong", { client })).status).toBe(401);
  });
});

describe("GET and DELETE /api/admin/session", () => {
  it("reports no session without a cookie", async () => {
    const res = await exports.default.fetch("http://localhost/api/admin/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false, expiresAt: null });
  });

  it("reports the session and its expiry with a valid cookie", async () => {
    const res = await exports.default.fetch("http://localhost/api/admin/session", { headers: { cookie: await adminCookie() } });
    const body = await res.json<{ authenticated: boolean; expiresAt: string }>();
    expect(body.authenticated).toBe(true);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it("signs out by revoking the session: the old cookie gets 401 afterwards, a new sign-in works", async () => {
    const signedIn = await signIn(env.ADMIN_PASSWORD);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const withCookie = (method = "GET", path = "/api/admin/sync-status") =>
      exports.default.fetch(`http://localhost${path}`, { method, headers: { cookie, origin: "http://localhost" } });
    expect((await withCookie()).status).toBe(200);
    const other = await adminCookie();
    expect((await withCookie("DELETE", "/api/admin/session")).status).toBe(200);
    const after = await withCookie();
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Sign in to use the admin panel" });
    expect(await (await withCookie("GET", "/api/admin/session")).json()).toEqual({ authenticated: false, expiresAt: null });
    const again = await signIn(env.ADMIN_PASSWORD);
    expect(again.status).toBe(200);
    const fresh = (again.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await exports.default.fetch("http://localhost/api/admin/sync-status", { headers: { cookie: fresh } })).status).toBe(200);
    expect((await exports.default.fetch("http://localhost/api/admin/sync-status", { headers: { cookie: other } })).status).toBe(200);
  });

  it("keeps only the SHA-256 of the random cookie token in D1, and refuses a cookie whose row is gone or expired", async () => {
    const signedIn = await signIn(env.ADMIN_PASSWORD);
    const token = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!.slice("admin_session=".length);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
    const hash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    const row = await env.DB.prepare("SELECT token_hash, expires_at FROM admin_sessions WHERE token_hash = ?1").bind(hash).first();
    expect(row).not.toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_sessions WHERE token_hash = ?1").bind(token).first("n")).toBe(0);
    const state = () => exports.default.fetch("http://localhost/api/admin/sync-status", { headers: { cookie: `admin_session=${token}` } });
    expect((await state()).status).toBe(200);
    await env.DB.prepare("UPDATE admin_sessions SET expires_at = ?1 WHERE token_hash = ?2")
      .bind(Date.now() - 1, hash)
      .run();
    expect((await state()).status).toBe(401);
    const forged = `admin_session=${"A".repeat(43)}`;
    expect((await exports.default.fetch("http://localhost/api/admin/sync-status", { headers: { cookie: forged } })).status).toBe(401);
  });

  it("ends every session made under the old ADMIN_PASSWORD once it changes, without a write, and keeps no password in D1", async () => {
    const signedIn = await signIn(env.ADMIN_PASSWORD);
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const token = cookie.slice("admin_session=".length);
    const under = async (password: string, sessionCookie = cookie) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request("http://localhost/api/admin/sync-status", { headers: { cookie: sessionCookie } }),
        { ...env, ADMIN_PASSWORD: password },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: res.status, body: await res.json() };
    };
    expect((await under(env.ADMIN_PASSWORD)).status).toBe(200);
    const rows = () => env.DB.prepare("SELECT token_hash, expires_at, password_tag FROM admin_sessions ORDER BY token_hash").all();
    const before = (await rows()).results;
    const changed = "a-brand-new-admin-password";
    expect(await under(changed)).toEqual({ status: 401, body: { error: "Sign in to use the admin panel" } });
    expect((await rows()).results).toEqual(before);
    // The stored tag is keyed by the token: nothing in the row is the password or a plain digest of it.
    const sha = async (text: string) =>
      Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) =>
        b.toString(16).padStart(2, "0"),
      ).join("");
    const mine = await env.DB.prepare("SELECT password_tag FROM admin_sessions WHERE token_hash = ?1")
      .bind(await sha(token))
      .first<string>("password_tag");
    expect(mine).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(before)).not.toContain(env.ADMIN_PASSWORD);
    expect(JSON.stringify(before)).not.toContain(await sha(env.ADMIN_PASSWORD));
    // A session made under the new password works under it, and not under the old one.
    const ctx = createExecutionContext();
    const fresh = await worker.fetch(
      new Request("http://localhost/api/admin/session", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": freshClient() },
        body: JSON.stringify({ password: changed }),
      }),
      { ...env, ADMIN_PASSWORD: changed },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(fresh.status).toBe(200);
    const freshCookie = (fresh.headers.get("set-cookie") ?? "").split(";")[0];
    expect((await under(changed, freshCookie)).status).toBe(200);
    expect((await under(env.ADMIN_PASSWORD, freshCookie)).status).toBe(401);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("drops expired sessions when someone signs in", async () => {
    await env.DB.prepare("INSERT INTO admin_sessions (token_hash, expires_at) VALUES ('long-gone', ?1)")
      .bind(Date.now() - 1000)
      .run();
    expect((await signIn(env.ADMIN_PASSWORD)).status).toBe(200);
    expect(await env.DB.prepare("SELECT token_hash FROM admin_sessions WHERE token_hash = 'long-gone'").first()).toBeNull();
  });

  it("signs out by expiring the cookie", async () => {
    const res = await exports.default.fetch("http://localhost/api/admin/session", {
      method: "DELETE",
      headers: { cookie: await adminCookie(), origin: "http://localhost" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false, expiresAt: null });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^admin_session=;/);
    expect(cookie).toContain("Max-Age=0");
    expect(cookie).toContain("HttpOnly");
  });
});
