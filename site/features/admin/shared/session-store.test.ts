import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  $adminSession,
  $signInForm,
  checkSession,
  handleUnauthorized,
  SESSION_EXPIRED,
  signInErrorText,
  signOutAdmin,
  submitPassword,
} from "./session-store";
import { fakeAdminApi } from "./test/fake-api";
import { HttpError } from "../../../lib/http";

beforeEach(() => {
  $adminSession.set({ status: "checking", expiresAt: null, notice: null });
  $signInForm.set({ pending: false, error: null });
});
afterEach(() => vi.unstubAllGlobals());

describe("admin session store", () => {
  it("shows the sign-in card when the server knows no session", async () => {
    fakeAdminApi({ "GET /api/admin/session": () => Response.json({ authenticated: false, expiresAt: null }) });
    await checkSession();
    expect($adminSession.get().status).toBe("signed-out");
  });

  it("signs in with credentials included and the password as JSON", async () => {
    const { calls } = fakeAdminApi({
      "POST /api/admin/session": () => Response.json({ authenticated: true, expiresAt: "2026-01-01T12:00:00.000Z" }),
    });
    await submitPassword("pw");
    expect($adminSession.get()).toEqual({ status: "signed-in", expiresAt: "2026-01-01T12:00:00.000Z", notice: null });
    expect(calls[0]!.init).toMatchObject({ credentials: "include", body: JSON.stringify({ password: "pw" }) });
  });

  it("shows the wrong-password and throttling texts under the field", async () => {
    fakeAdminApi({ "POST /api/admin/session": () => Response.json({ error: "Incorrect password" }, { status: 401 }) });
    await submitPassword("bad");
    expect($signInForm.get()).toEqual({ pending: false, error: "Incorrect password. Please try again." });
    fakeAdminApi({
      "POST /api/admin/session": () => Response.json({ error: "Too many sign-in attempts. Try again in 15 minutes." }, { status: 429 }),
    });
    await submitPassword("bad");
    expect($signInForm.get().error).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect($adminSession.get().status).toBe("checking");
  });

  it("signs out", async () => {
    $adminSession.set({ status: "signed-in", expiresAt: "x", notice: null });
    fakeAdminApi({ "DELETE /api/admin/session": () => Response.json({ authenticated: false, expiresAt: null }) });
    expect(await signOutAdmin()).toBeNull();
    expect($adminSession.get().status).toBe("signed-out");
  });

  it("returns to the sign-in card on a 401 mid-session, and only then", () => {
    $adminSession.set({ status: "signed-in", expiresAt: "x", notice: null });
    expect(handleUnauthorized(new HttpError(500, "", "x"))).toBe(false);
    expect($adminSession.get().status).toBe("signed-in");
    expect(handleUnauthorized(new HttpError(401, "", "Unauthorized"))).toBe(true);
    expect($adminSession.get()).toEqual({ status: "signed-out", expiresAt: null, notice: SESSION_EXPIRED });
  });
});

describe("sign-in error texts", () => {
  it("name a wrong password, throttling and a missing secret", () => {
    expect(signInErrorText(new HttpError(401, '{"error":"Incorrect password"}', ""))).toBe("Incorrect password. Please try again.");
    expect(signInErrorText(new HttpError(429, '{"error":"Too many sign-in attempts. Try again in 15 minutes."}', ""))).toBe(
      "Too many sign-in attempts. Try again in 15 minutes.",
    );
    expect(signInErrorText(new HttpError(429, "", "Too Many Requests"))).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
    for (const body of [
      '{"error":"Admin access is not configured"}',
      '{"error":"Admin access is not configured: ADMIN_PASSWORD must be at least 12 characters"}',
    ])
      expect(signInErrorText(new HttpError(503, body, ""))).toBe(
        "Admin access is not configured on the server (set the ADMIN_PASSWORD secret, at least 12 characters).",
      );
    expect(signInErrorText(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});
