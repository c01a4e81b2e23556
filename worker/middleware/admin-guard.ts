import { MIN_ADMIN_PASSWORD_LENGTH } from "#contract/worker-secrets";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";
import { findSession } from "../data/admin-sessions";
import { fail } from "../lib/errors";
import { isCrossOrigin } from "../lib/request-checks";
import { sessionCookieName } from "../lib/session";

/** The answer to every admin call while ADMIN_PASSWORD is shorter than MIN_ADMIN_PASSWORD_LENGTH characters. */
const SHORT_PASSWORD_MESSAGE = `Admin access is not configured: ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;

/**
 * Guards every `/api/admin/*` call: 503 without an ADMIN_PASSWORD secret or with one shorter than
 * MIN_ADMIN_PASSWORD_LENGTH characters, 403 for cross-origin state changes; a live session in D1 made under the current
 * password is kept as `adminSession`. The session cookie is `__Host-` prefixed over HTTPS.
 */
export const adminGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = c.env.ADMIN_PASSWORD;
  if (!secret) fail(503, "Admin access is not configured");
  if ([...secret].length < MIN_ADMIN_PASSWORD_LENGTH) fail(503, SHORT_PASSWORD_MESSAGE);
  if (isCrossOrigin(c.req.method, c.req.url, c.req.raw.headers)) fail(403, "Cross-origin admin requests are not allowed");
  const session = await findSession(c.env.DB, getCookie(c, sessionCookieName(c.req.url)), secret);
  if (session) c.set("adminSession", session);
  await next();
};

/** 401 unless `adminGuard` found a live session: attached to every admin call but the sign-in's. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("adminSession")) fail(401, "Sign in to use the admin panel");
  await next();
};
