import { describe, expect, it } from "vitest";
import { createSessionToken, newSessionId, passwordMatches, SESSION_TTL_SECONDS, verifySessionToken } from "./session";

describe("session tokens", () => {
  it("verifies a fresh token and returns its session id and expiry 12 hours ahead", async () => {
    const now = Date.now();
    const id = newSessionId();
    const { token, expiresAt } = await createSessionToken("secret", id, now);
    expect(expiresAt).toBe(now + SESSION_TTL_SECONDS * 1000);
    expect(token).toMatch(new RegExp(`^${expiresAt}\\.${id}\\.[A-Za-z0-9_-]{43}$`));
    expect(await verifySessionToken("secret", token, now + 1000)).toEqual({ id, expiresAt });
  });

  it("makes a different 22-character base64url session id every time", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newSessionId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("rejects expired, tampered, foreign and malformed tokens", async () => {
    const now = Date.now();
    const { token, expiresAt } = await createSessionToken("secret", newSessionId(), now);
    expect(await verifySessionToken("secret", token, expiresAt)).toBeNull();
    expect(await verifySessionToken("other", token, now)).toBeNull();
    const [, id, signature] = token.split(".");
    expect(await verifySessionToken("secret", `${expiresAt - 1}.${id}.${signature}`, now)).toBeNull();
    expect(await verifySessionToken("secret", `${expiresAt}.${newSessionId()}.${signature}`, now)).toBeNull();
    expect(await verifySessionToken("secret", `${expiresAt}.${signature}`, now)).toBeNull();
    expect(await verifySessionToken("secret", undefined, now)).toBeNull();
    expect(await verifySessionToken("secret", "abc", now)).toBeNull();
  });

  it("rejects a genuine-looking token whose expiry lies beyond the session lifetime", async () => {
    const now = Date.now();
    const { token } = await createSessionToken("secret", newSessionId(), now + 24 * 3600_000);
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
