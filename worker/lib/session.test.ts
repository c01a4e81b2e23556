import { describe, expect, it } from "vitest";
import { createSessionToken, passwordMatches, SESSION_TTL_SECONDS, verifySessionToken } from "./session";

describe("session tokens", () => {
  it("verifies a fresh token and returns its expiry 12 hours ahead", async () => {
    const now = Date.now();
    const { token, expiresAt } = await createSessionToken("secret", now);
    expect(expiresAt).toBe(now + SESSION_TTL_SECONDS * 1000);
    expect(await verifySessionToken("secret", token, now + 1000)).toBe(expiresAt);
  });

  it("rejects expired, tampered, foreign and malformed tokens", async () => {
    const now = Date.now();
    const { token, expiresAt } = await createSessionToken("secret", now);
    expect(await verifySessionToken("secret", token, expiresAt)).toBeNull();
    expect(await verifySessionToken("other", token, now)).toBeNull();
    const [, signature] = token.split(".");
    expect(await verifySessionToken("secret", `${expiresAt - 1}.${signature}`, now)).toBeNull();
    expect(await verifySessionToken("secret", undefined, now)).toBeNull();
    expect(await verifySessionToken("secret", "abc", now)).toBeNull();
  });

  it("rejects a genuine-looking token whose expiry lies beyond the session lifetime", async () => {
    const now = Date.now();
    const { token } = await createSessionToken("secret", now + 24 * 3600_000);
    expect(await verifySessionToken("secret", token, now)).toBeNull();
  });
});

describe("passwordMatches", () => {
  it("accepts only the exact password", async () => {
    expect(await passwordMatches("hunter2", "hunter2")).toBe(true);
    expect(await passwordMatches("hunter2", "hunter3")).toBe(false);
    expect(await passwordMatches("hunter2", "")).toBe(false);
    expect(await passwordMatches("hunter2", "hunter2 ")).toBe(false);
  });
});
