import { describe, expect, it, vi } from "vitest";
import { HttpError, parseRetryAfter } from "./http";
import { backoffDelay, isTransient, retryDelayFor, withRetries } from "./retry";

const NOW = Date.parse("2026-11-24T12:00:00Z");

describe("Retry-After", () => {
  it("reads delta seconds", () => {
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
  });

  it("reads an HTTP date as the time left until it (none when it is past)", () => {
    expect(parseRetryAfter("Tue, 24 Nov 2026 12:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 11:00:00 GMT", NOW)).toBe(0);
  });

  it("ignores what is neither", () => {
    for (const value of [null, undefined, "", "soon", "-5", "1.5", "12abc"]) expect(parseRetryAfter(value, NOW), String(value)).toBeNull();
  });

  it("is kept on the HTTP error of a response that sent it", async () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const { assertOk } = await import("./http");
      const error = await assertOk(new Response("slow down", { status: 429, headers: { "Retry-After": "7" } })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).retryAfterMs).toBe(7000);
      expect(((await assertOk(new Response("", { status: 500 })).catch((e: unknown) => e)) as HttpError).retryAfterMs).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("what counts as transient", () => {
  it("no answer: a network error, a cut body or a timeout", () => {
    expect(isTransient(new TypeError("fetch failed"))).toBe(true);
    expect(isTransient(new DOMException("The operation timed out.", "TimeoutError"))).toBe(true);
  });

  it("5xx, 408, 425 and 429", () => {
    for (const status of [500, 502, 503, 504, 408, 425, 429]) expect(isTransient(new HttpError(status, "", "")), String(status)).toBe(true);
  });

  it("not other 4xx, an abort by the caller, or a malformed answer", () => {
    for (const status of [400, 401, 403, 404, 410]) expect(isTransient(new HttpError(status, "", "")), String(status)).toBe(false);
    expect(isTransient(new DOMException("aborted", "AbortError"))).toBe(false);
    expect(isTransient(new SyntaxError("Unexpected token < in JSON"))).toBe(false);
    expect(isTransient(new Error("Unexpected response: items expected array"))).toBe(false);
  });
});

describe("backoff", () => {
  it("doubles from the base up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, 500, 10_000))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it("waits what Retry-After asked for instead, up to the cap", () => {
    expect(retryDelayFor(1, new HttpError(429, "", "", 3000), 500, 30_000)).toBe(3000);
    expect(retryDelayFor(4, new HttpError(503, "", "", 0), 500, 30_000)).toBe(0);
    expect(retryDelayFor(1, new HttpError(429, "", "", 3_600_000), 500, 30_000)).toBe(30_000);
    expect(retryDelayFor(3, new HttpError(503, "", ""), 500, 30_000)).toBe(2000);
    expect(retryDelayFor(2, new TypeError("fetch failed"), 500, 30_000)).toBe(1000);
  });
});

describe("withRetries", () => {
  it("tries again while `retry` agrees, waiting `delay` each time, and gives the first success", async () => {
    const waits: number[] = [];
    const seen: number[] = [];
    let calls = 0;
    const result = await withRetries(async () => (++calls < 3 ? Promise.reject(new HttpError(503, "", "")) : "ok"), {
      retry: (failures) => failures <= 5,
      delay: (failures) => failures * 100,
      onRetry: (failures) => seen.push(failures),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe("ok");
    expect(calls).toBe(3);
    expect(waits).toEqual([100, 200]);
    expect(seen).toEqual([1, 2]);
  });

  it("rejects with the last error once `retry` declines", async () => {
    let calls = 0;
    const attempt = async () => Promise.reject(new HttpError(500, `try ${++calls}`, ""));
    await expect(withRetries(attempt, { retry: (failures) => failures <= 2, delay: () => 0, sleep: async () => {} })).rejects.toThrow(
      "500: try 3",
    );
    expect(calls).toBe(3);
  });
});
