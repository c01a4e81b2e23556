import { describe, expect, it } from "vitest";
import { createPacer, type Clock } from "./pacer";
import { RetryAfterError, UpstreamError } from "./upstream-error";
import { newStats, pacedFetch, retryAfterMs, type RetryPolicy } from "./paced-fetch";

/** A fake clock: sleeping advances time instantly and is recorded. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 1_000_000;
  const slept: number[] = [];
  return { slept, now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) };
}

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 60_000, attemptTimeoutMs: 1000 };

function scripted(statuses: (number | Error)[], headers: Record<string, string> = {}) {
  const calls: number[] = [];
  const fetcher = (async () => {
    calls.push(calls.length);
    const next = statuses.shift() ?? 200;
    if (next instanceof Error) throw next;
    return new Response(next === 200 ? "{}" : "err", { status: next, headers });
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

describe("createPacer", () => {
  it("lets a burst through, then paces to the average rate", async () => {
    const clock = fakeClock();
    const pacer = createPacer(3, 3, clock);
    for (let i = 0; i < 9; i++) await pacer.take();
    // 3 immediately, then 6 more at 3 per second: 2 seconds of waiting.
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1990);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2010);
  });

  it("holds every caller during a pause", async () => {
    const clock = fakeClock();
    const pacer = createPacer(3, 3, clock);
    pacer.pauseFor(5000);
    await pacer.take();
    expect(clock.slept[0]).toBe(5000);
  });
});

describe("pacedFetch", () => {
  it("honours Retry-After on 429 and pauses the pacer", async () => {
    const clock = fakeClock();
    const stats = newStats();
    const { fetcher, calls } = scripted([429, 200], { "retry-after": "2" });
    const res = await pacedFetch({ pacer: createPacer(3, 3, clock), stats, policy, clock, fetcher })("https://n/v1/x", {
      method: "POST",
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(clock.slept).toContain(2000);
    expect(stats).toMatchObject({ requests: 2, retries: 1, rateLimited: 1 });
  });

  it("never asks again before a Retry-After longer than it may sleep: throws RetryAfterError with the whole wait (seconds or a date)", async () => {
    for (const header of ["120", new Date(1_000_000 + 3_600_000).toUTCString()]) {
      const clock = fakeClock();
      const stats = newStats();
      const { fetcher, calls } = scripted([429, 200], { "retry-after": header });
      const failure = pacedFetch({ pacer: createPacer(3, 3, clock), stats, policy, clock, fetcher })("https://api.notion.com/v1/x");
      await expect(failure).rejects.toBeInstanceOf(RetryAfterError);
      const err = (await failure.catch((e: unknown) => e)) as RetryAfterError;
      expect(err.waitMs).toBe(header === "120" ? 120_000 : 3_600_000);
      expect(err.message).toBe(
        `api.notion.com is rate limiting the sync: it asked to wait ${err.waitMs / 1000} s before the next request (429 Retry-After)`,
      );
      expect(calls).toHaveLength(1);
      expect(clock.slept).toEqual([]);
      expect(stats).toMatchObject({ requests: 1, retries: 0, rateLimited: 1 });
    }
  });

  it("sleeps a Retry-After of up to the policy's longest wait in full", async () => {
    const clock = fakeClock();
    const { fetcher } = scripted([429, 200], { "retry-after": "60" });
    const res = await pacedFetch({ stats: newStats(), policy, clock, fetcher })("https://n/v1/x");
    expect(res.status).toBe(200);
    expect(clock.slept).toEqual([60_000]);
  });

  it("retries 5xx for POST reads with exponential back-off, then succeeds", async () => {
    const clock = fakeClock();
    const stats = newStats();
    const { fetcher } = scripted([500, 503, 200]);
    const res = await pacedFetch({ stats, policy, clock, fetcher })("https://n/v1/data_sources/x/query", { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(clock.slept).toHaveLength(2);
    expect(clock.slept[0]).toBeGreaterThanOrEqual(75);
    expect(clock.slept[0]).toBeLessThanOrEqual(125);
    expect(clock.slept[1]).toBeGreaterThanOrEqual(150);
    expect(clock.slept[1]).toBeLessThanOrEqual(250);
    expect(stats.requests).toBe(3);
  });

  it("gives up after the bounded attempts and returns the last failure", async () => {
    const clock = fakeClock();
    const stats = newStats();
    const { fetcher, calls } = scripted([500, 500, 500, 500, 500, 500]);
    const res = await pacedFetch({ stats, policy, clock, fetcher })("https://n/v1/x");
    expect(res.status).toBe(500);
    expect(calls).toHaveLength(4);
  });

  it("retries network errors, then fails as an upstream error naming the host", async () => {
    const clock = fakeClock();
    const { fetcher } = scripted([new Error("reset"), new Error("reset"), new Error("reset"), new Error("down")]);
    const failure = pacedFetch({ stats: newStats(), policy, clock, fetcher })("https://api.notion.com/v1/x");
    await expect(failure).rejects.toThrow(UpstreamError);
    await expect(failure).rejects.toThrow("Could not reach api.notion.com: down");
  });

  it("does not retry other 4xx", async () => {
    const { fetcher, calls } = scripted([404]);
    const res = await pacedFetch({ stats: newStats(), policy, clock: fakeClock(), fetcher })("https://n/v1/x");
    expect(res.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it("counts downloads apart from API requests", async () => {
    const stats = newStats();
    const { fetcher } = scripted([200]);
    await pacedFetch({ stats, policy, clock: fakeClock(), fetcher, kind: "download" })("https://files/x");
    expect(stats).toMatchObject({ requests: 0, downloads: 1 });
  });
});

describe("retryAfterMs", () => {
  it("reads delta seconds and HTTP dates", () => {
    expect(retryAfterMs("3", 0)).toBe(3000);
    expect(retryAfterMs("0.5", 0)).toBe(500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(retryAfterMs("soon", 0)).toBeUndefined();
  });
});
