import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { startSession } from "../data/admin-sessions";
import { SESSION_COOKIE, sessionCookieName } from "../lib/session";

/** Origin used by the admin test helpers; requests to it count as same-origin. */
export const TEST_ORIGIN = "http://localhost";

/** A `Cookie` header value carrying a fresh, signed-in admin session (under the `__Host-` name when `site` is HTTPS). */
export async function adminCookie(site?: string): Promise<string> {
  const { token } = await startSession(env.DB, env.ADMIN_PASSWORD);
  return `${site ? sessionCookieName(site) : SESSION_COOKIE}=${token}`;
}

/** Calls the worker as a signed-in admin (session cookie + same Origin); `body` is sent as JSON. */
export async function adminFetch(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { cookie: await adminCookie(), origin: TEST_ORIGIN, ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return exports.default.fetch(`${TEST_ORIGIN}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
