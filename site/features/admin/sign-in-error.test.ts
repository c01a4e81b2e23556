import { describe, expect, it } from "vitest";
import { signInErrorText } from "./sign-in-error";
import { HttpError } from "../../lib/http";

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
