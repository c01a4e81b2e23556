import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { clearAttempts, FORGET_AFTER_MS, FREE_FAILURES, PRESSURE_FAILURES, PRESSURE_WINDOW_MS, reserveAttempt } from "./admin-attempts";

const T0 = Date.UTC(2026, 0, 1, 12);
const SECOND = 1000;
const MINUTE = 60_000;

/** Reserves `n` attempts for `client` at `now` and returns how many were allowed. */
async function reserve(client: string, n: number, now: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < n; i++) if ((await reserveAttempt(env.DB, client, now)).allowed) allowed++;
  return allowed;
}

/** One failure from each of PRESSURE_FAILURES addresses at `now`: a flood from many addresses. */
async function flood(now: number): Promise<void> {
  for (let i = 0; i < PRESSURE_FAILURES; i++) expect(await reserve(`198.51.100.${i}`, 1, now)).toBe(1);
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM admin_attempts");
});

describe("reserveAttempt", () => {
  it("allows 5 failures in a row, then delays the client by 1, 2, 4, 8 and at most 15 minutes", async () => {
    expect(await reserve("203.0.113.1", FREE_FAILURES, T0)).toBe(FREE_FAILURES);
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + 30 * SECOND)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    let now = T0 + MINUTE;
    for (const minutes of [2, 4, 8, 15, 15]) {
      expect(await reserveAttempt(env.DB, "203.0.113.1", now)).toEqual({ allowed: true });
      expect(await reserveAttempt(env.DB, "203.0.113.1", now)).toEqual({ allowed: false, retryAfterSeconds: minutes * 60 });
      now += minutes * MINUTE;
    }
    expect(await reserveAttempt(env.DB, "203.0.113.2", T0)).toEqual({ allowed: true });
  });

  it("does not count refused attempts, so hammering never lengthens a delay", async () => {
    await reserve("203.0.113.1", FREE_FAILURES + 20, T0);
    expect(await env.DB.prepare("SELECT failures FROM admin_attempts WHERE client = '203.0.113.1'").first("failures")).toBe(FREE_FAILURES);
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + MINUTE - SECOND)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + MINUTE)).toEqual({ allowed: true });
  });

  it("lets only one of many parallel guesses past a delay", async () => {
    await reserve("203.0.113.1", FREE_FAILURES, T0);
    const grants = await Promise.all(Array.from({ length: 10 }, () => reserveAttempt(env.DB, "203.0.113.1", T0 + MINUTE)));
    expect(grants.filter((g) => g.allowed)).toHaveLength(1);
  });

  it("forgets a client 24 hours after its last failure, whoever writes next", async () => {
    await reserve("203.0.113.1", 3, T0);
    await reserve("203.0.113.2", 1, T0 + 10 * MINUTE);
    await reserveAttempt(env.DB, "203.0.113.3", T0 + FORGET_AFTER_MS);
    const { results } = await env.DB.prepare("SELECT client FROM admin_attempts ORDER BY client").all<{ client: string }>();
    expect(results.map((r) => r.client)).toEqual(["203.0.113.2", "203.0.113.3"]);
  });

  it("under a flood from many addresses still lets a new client in, but delays every client after its first failure", async () => {
    await flood(T0);
    expect(await reserveAttempt(env.DB, "192.0.2.1", T0 + MINUTE)).toEqual({ allowed: true });
    expect(await reserveAttempt(env.DB, "192.0.2.1", T0 + MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await reserveAttempt(env.DB, "198.51.100.0", T0 + MINUTE)).toEqual({ allowed: true });
    expect(await reserveAttempt(env.DB, "198.51.100.0", T0 + MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });

  it("relaxes again once the flood's failures are 15 minutes old", async () => {
    await flood(T0);
    const later = T0 + PRESSURE_WINDOW_MS;
    expect(await reserve("192.0.2.1", FREE_FAILURES, later)).toBe(FREE_FAILURES);
    expect(await reserveAttempt(env.DB, "192.0.2.1", later)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("a successful sign-in gives the client's failures back", async () => {
    await reserve("203.0.113.2", 4, T0);
    await clearAttempts(env.DB, "203.0.113.2");
    expect(await reserve("203.0.113.2", FREE_FAILURES, T0)).toBe(FREE_FAILURES);
  });
});
