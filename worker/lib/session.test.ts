import { describe, expect, it } from "vitest";
import { isTokenShaped, newSessionToken, passwordTag, sessionCookieName, tokenHash } from "./session";

describe("session tokens", () => {
  it("makes a different 43-character base64url token (256 random bits) every time", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newSessionToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isTokenShaped(token)).toBe(true);
    }
  });

  it("hashes a token to its SHA-256 in hex, the same every time and different per token", async () => {
    expect(await tokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const token = newSessionToken();
    expect(await tokenHash(token)).toBe(await tokenHash(token));
    expect(await tokenHash(token)).not.toBe(await tokenHash(newSessionToken()));
  });

  it("refuses cookie values that are not token-shaped", () => {
    for (const value of [
      undefined,
      "",
      "abc",
      `${newSessionToken()}x`,
      "1767225600000.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
      "a".repeat(42) + "=",
    ]) {
      expect(isTokenShaped(value)).toBe(false);
    }
  });
});

describe("passwordTag", () => {
  it("is HMAC-SHA256 of the password keyed by the token: the same for both alike, different if either differs", async () => {
    const token = newSessionToken();
    const tag = await passwordTag(token, "correct horse battery");
    expect(tag).toMatch(/^[0-9a-f]{64}$/);
    expect(await passwordTag(token, "correct horse battery")).toBe(tag);
    expect(await passwordTag(token, "correct horse battery!")).not.toBe(tag);
    expect(await passwordTag(newSessionToken(), "correct horse battery")).not.toBe(tag);
    // RFC 4231, test case 2: key "Jefe".
    expect(await passwordTag("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("holds neither the password nor the token's hash", async () => {
    const token = newSessionToken();
    const tag = await passwordTag(token, "correct horse battery");
    expect(tag).not.toContain(Buffer.from("correct horse battery").toString("hex"));
    expect(tag).not.toBe(await tokenHash(token));
  });
});

describe("sessionCookieName", () => {
  it("is __Host- prefixed over HTTPS and plain over HTTP", () => {
    expect(sessionCookieName("https://catalogue.example.com/api/admin/session")).toBe("__Host-admin_session");
    expect(sessionCookieName("https://localhost:8787/api/admin/session")).toBe("__Host-admin_session");
    expect(sessionCookieName("http://127.0.0.1:8787/api/admin/session")).toBe("admin_session");
  });
});
