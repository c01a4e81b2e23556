import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

/** The limit in wrangler.toml's [[ratelimits]] (requests per 10 s per client). */
const LIMIT = 300;

const fetchAs = (path: string, client?: string) =>
  exports.default.fetch(`http://localhost${path}`, { headers: client ? { "cf-connecting-ip": client } : {} });
const health = (client?: string) => fetchAs("/api/health", client);
/** A file the sync never copied: a D1 lookup each time, were it not limited. */
const missingFile = (client?: string) => fetchAs("/media/notion/0f3c9a1e-0000-2222-3333-444455556666/missing.png", client);
/** A path no synced file has (answered 400 at once, so many fit in one window on a loaded machine). */
const probe = (client?: string) => fetchAs("/media/wp-login.php", client);

/** Requests sent at once: a loaded machine must still fit 2 * LIMIT + 1 requests into two windows. */
const BURST = 25;

/**
 * Sends up to 2 * LIMIT + 1 requests from `client`, BURST at a time, and returns the first refusal, if any: however the
 * fixed 10 s windows fall, one of the (at most two) windows these requests span sees more than LIMIT of them.
 */
async function hammer(client: string, send = health): Promise<{ refused: Response | undefined; sent: number }> {
  const total = 2 * LIMIT + 1;
  for (let sent = 0; sent < total;) {
    const burst = Math.min(BURST, total - sent);
    const answers = await Promise.all(Array.from({ length: burst }, () => send(client)));
    sent += burst;
    const refused = answers.find((res) => res.status === 429);
    for (const res of answers) if (res !== refused) await res.body?.cancel();
    if (refused) return { refused, sent };
  }
  return { refused: undefined, sent: total };
}

describe("rate limit of /api/* and /media/*", { timeout: 60_000 }, () => {
  it("answers 429 JSON with Retry-After once one address goes over 300 requests in 10 s, and only to that address", async () => {
    const started = performance.now();
    const { refused, sent } = await hammer("203.0.113.50");
    console.log(`rate limit: first 429 after ${sent} requests in ${Math.round(performance.now() - started)} ms`);
    expect(refused).toBeDefined();
    expect(sent).toBeGreaterThan(LIMIT);
    expect(refused!.headers.get("retry-after")).toBe("10");
    expect(await refused!.json()).toEqual({ error: "Too many requests. Try again in 10 seconds." });
    expect((await health("203.0.113.51")).status).toBe(200);
    expect((await health()).status).toBe(200);
  });

  it("counts /media requests with /api ones, under the same limit: 429 JSON for files too once over it", async () => {
    const { refused, sent } = await hammer("203.0.113.60", probe);
    expect(refused).toBeDefined();
    expect(sent).toBeGreaterThan(LIMIT);
    expect(refused!.headers.get("retry-after")).toBe("10");
    expect(await refused!.json()).toEqual({ error: "Too many requests. Try again in 10 seconds." });
    expect((await missingFile("203.0.113.60")).status).toBe(429);
    expect((await health("203.0.113.60")).status).toBe(429);
    expect((await fetchAs("/media/w/400/notion/0f3c9a1e-0000-2222-3333-444455556666/missing.png", "203.0.113.60")).status).toBe(429);
    expect((await missingFile("203.0.113.61")).status).toBe(404);
    expect((await missingFile()).status).toBe(404);
  });

  it("counts a whole IPv6 /64 as one client", async () => {
    const { refused } = await hammer("2001:db8:1:2::1");
    expect(refused).toBeDefined();
    expect((await health("2001:db8:1:2:ffff::9")).status).toBe(429);
    expect((await health("2001:db8:1:3::1")).status).toBe(200);
  });

  it("never counts the machine's own requests (no address, 127.0.0.0/8, ::1)", async () => {
    const { refused, sent } = await hammer("127.0.0.1");
    expect(refused).toBeUndefined();
    expect(sent).toBe(2 * LIMIT + 1);
  });
});
