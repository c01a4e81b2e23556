import { describe, expect, it } from "vitest";
import { errorText, failureToast, serverMessage } from "./error-text";
import { HttpError } from "../../../lib/http";

describe("error texts", () => {
  it("use the `${status}: ${body}` message of HTTP errors", () => {
    expect(errorText(new HttpError(500, '{"error":"boom"}', "Internal Server Error"))).toBe('500: {"error":"boom"}');
    expect(errorText(new HttpError(502, "", "Bad Gateway"))).toBe("502: Bad Gateway");
  });

  it("fall back to 'An unknown error occurred'", () => {
    expect(errorText("nope")).toBe("An unknown error occurred");
    expect(errorText(new Error(""))).toBe("An unknown error occurred");
  });

  it("make destructive notices", () => {
    expect(failureToast("Failed to clear cache", undefined)).toEqual({
      title: "Failed to clear cache",
      description: "An unknown error occurred",
      variant: "destructive",
    });
  });

  it("read the server's { error } text out of a body", () => {
    expect(serverMessage(new HttpError(429, '{"error":"Too many sign-in attempts. Try again in 15 minutes."}', ""))).toBe(
      "Too many sign-in attempts. Try again in 15 minutes.",
    );
    expect(serverMessage(new HttpError(429, "", "Too Many Requests"))).toBeNull();
  });
});
