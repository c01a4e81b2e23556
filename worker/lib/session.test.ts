import { describe, expect, it } from "vitest";
import { isTokenShaped, newSessionToken, passwordMatches, tokenHash } from "./session";

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

describe("passwordMatches", () => {
  it("accepts only the exact password", async () => {
    expect(await passwordMatches("hunter2", "hunter2")).toBe(true);
    expect(await passwordMatches("hunter2", "hunter3")).toBe(false);
    expect(await passwordMatches("hunter2", "")).toBe(false);
    expect(await passwordMatches("hunter2", "hunter2 ")).toBe(false);
  });
});
