import { describe, expect, it } from "vitest";
import { randomUrlSecret, secretMatches } from "./secrets";

describe("URL secrets", () => {
  it("makes a different URL-safe secret of 256 random bits (43 base64url characters) every time", () => {
    const secrets = new Set(Array.from({ length: 200 }, () => randomUrlSecret()));
    expect(secrets.size).toBe(200);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(randomUrlSecret())).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("makes shorter secrets on request, never under 128 bits for 16 bytes", () => {
    expect(randomUrlSecret(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("matches only the same secret: not a prefix, a longer text, another case or the empty string", async () => {
    const secret = randomUrlSecret();
    expect(await secretMatches(secret, secret)).toBe(true);
    for (const other of [secret.slice(0, -1), `${secret}x`, secret.toUpperCase(), "", randomUrlSecret()])
      expect(await secretMatches(secret, other)).toBe(false);
  });

  it("accepts only the exact secret, whatever it is made of", async () => {
    expect(await secretMatches("hunter2", "hunter2")).toBe(true);
    expect(await secretMatches("hunter2", "hunter3")).toBe(false);
    expect(await secretMatches("hunter2", "")).toBe(false);
    expect(await secretMatches("hunter2", "hunter2 ")).toBe(false);
    expect(await secretMatches("", "")).toBe(true);
  });
});
