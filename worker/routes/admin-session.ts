import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";
import { SignInBodySchema, type SessionState } from "#contract/admin-api";
import { clearAttempts, reserveAttempt } from "../data/admin-attempts";
import { endSession, startSession } from "../data/admin-sessions";
import { clientKey } from "../lib/client-address";
import { fail } from "../lib/errors";
import { secretMatches } from "../lib/secrets";
import { sessionCookieName, SESSION_TTL_SECONDS } from "../lib/session";
import { validate } from "./lib/validate";
import { limitBody, SIGN_IN_BODY_LIMIT } from "../middleware/body-limit";

/** Cookies may drop `Secure` only for plain-http local development. */
function isLocalHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

// Over HTTPS the cookie is `__Host-` prefixed (sessionCookieName), which browsers take only with Secure, Path=/ and no Domain.
const cookieOptions = (url: string) =>
  ({ httpOnly: true, sameSite: "Strict", path: "/", secure: new URL(url).protocol === "https:" || !isLocalHost(url) }) as const;

/** Admin sign-in (`POST`), sign-out (`DELETE`, which revokes the session server-side) and session state (`GET`) at `/api/admin/session`. */
const adminSession = new Hono<AppEnv>();

adminSession.get("/", (c) => {
  const session = c.get("adminSession");
  return c.json<SessionState>({ authenticated: Boolean(session), expiresAt: session ? new Date(session.expiresAt).toISOString() : null });
});

adminSession.post("/", limitBody(SIGN_IN_BODY_LIMIT), validate("json", SignInBodySchema), async (c) => {
  const client = clientKey(c.req.header("cf-connecting-ip"));
  const grant = await reserveAttempt(c.env.DB, client);
  if (!grant.allowed) {
    const minutes = Math.ceil(grant.retryAfterSeconds / 60);
    fail(429, `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      "Retry-After": String(grant.retryAfterSeconds),
    });
  }
  if (!(await secretMatches(c.env.ADMIN_PASSWORD, c.req.valid("json").password))) fail(401, "Incorrect password");
  await clearAttempts(c.env.DB, client);
  const { token, expiresAt } = await startSession(c.env.DB, c.env.ADMIN_PASSWORD);
  setCookie(c, sessionCookieName(c.req.url), token, { ...cookieOptions(c.req.url), maxAge: SESSION_TTL_SECONDS });
  return c.json<SessionState>({ authenticated: true, expiresAt: new Date(expiresAt).toISOString() });
});

adminSession.delete("/", async (c) => {
  const session = c.get("adminSession");
  if (session) await endSession(c.env.DB, session.id);
  deleteCookie(c, sessionCookieName(c.req.url), cookieOptions(c.req.url));
  return c.json<SessionState>({ authenticated: false, expiresAt: null });
});

export default adminSession;
