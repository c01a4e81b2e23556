import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ATTEMPT_WINDOW_MS, clearAttempts, MAX_ATTEMPTS, MAX_GLOBAL_ATTEMPTS, reserveAttempt } from "./admin-attempts";

const T0 = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;

/** Reserves `n` attempts for `client` at `now` and returns how many were allowed. */
async function reserve(client: string, n: number, now: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < n; i++) if ((await reserveAttempt(env.DB, client, now)).allowed) allowed++;
  return allowed;
}

/** Fills the global ceiling from MAX_GLOBAL_ATTEMPTS / MAX_ATTEMPTS addresses, `now` for the first half and `later` for the rest. */
async function fillCeiling(now: number, later = now): Promise<void> {
  const clients = MAX_GLOBAL_ATTEMPTS / MAX_ATTEMPTS;
  for (let i = 0; i < clients; i++) expect(await reserve(`198.51.100.${i}`, MAX_ATTEMPTS, i < clients / 2 ? now : later)).toBe(MAX_ATTEMPTS);
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM admin_attempts");
});

describe("reserveAttempt", () => {
  it("allows 5 attempts per client in 15 minutes, then says when the client's window ends", async () => {
    expect(await reserve("203.0.113.1", MAX_ATTEMPTS, T0)).toBe(MAX_ATTEMPTS);
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + 5 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect(await reserveAttempt(env.DB, "203.0.113.2", T0 + 5 * MINUTE)).toEqual({ allowed: true });
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + ATTEMPT_WINDOW_MS)).toEqual({ allowed: true });
  });

  it("does not count refused attempts, so hammering never extends a block", async () => {
    await reserve("203.0.113.1", MAX_ATTEMPTS + 20, T0);
    expect(await env.DB.prepare("SELECT failures FROM admin_attempts WHERE client = '203.0.113.1'").first("failures")).toBe(MAX_ATTEMPTS);
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + ATTEMPT_WINDOW_MS - 1000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await reserveAttempt(env.DB, "203.0.113.1", T0 + ATTEMPT_WINDOW_MS)).toEqual({ allowed: true });
  });

  it("drops the rows of clients whose window has passed, whoever writes next", async () => {
    await reserve("203.0.113.1", 3, T0);
    await reserve("203.0.113.2", 1, T0 + 10 * MINUTE);
    await reserveAttempt(env.DB, "203.0.113.3", T0 + ATTEMPT_WINDOW_MS);
    const { results } = await env.DB.prepare("SELECT client FROM admin_attempts ORDER BY client").all<{ client: string }>();
    expect(results.map((r) => r.client)).toEqual(["203.0.113.2", "203.0.113.3"]);
  });

  it("refuses every client once 50 attempts failed across all addresses, until the oldest of them is 15 minutes old", async () => {
    await fillCeiling(T0, T0 + 5 * MINUTE);
    expect(await reserveAttempt(env.DB, "192.0.2.1", T0 + 6 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 540 });
    expect(await reserveAttempt(env.DB, "198.51.100.0", T0 + 6 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 540 });
    expect(await reserveAttempt(env.DB, "192.0.2.1", T0 + ATTEMPT_WINDOW_MS)).toEqual({ allowed: true });
  });

  it("lets one client use at most 5 of the 50, and a successful sign-in gives its attempts back", async () => {
    await reserve("203.0.113.1", 100, T0);
    await reserve("203.0.113.2", 4, T0);
    await clearAttempts(env.DB, "203.0.113.2");
    const total = await env.DB.prepare("SELECT SUM(failures) AS n FROM admin_attempts").first("n");
    expect(total).toBe(MAX_ATTEMPTS);
  });

  it("keeps only the count and the window start per client", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info('admin_attempts') ORDER BY cid").all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(["client", "failures", "window_start"]);
  });
});
