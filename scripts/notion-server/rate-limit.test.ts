import { NOTION_VERSION } from "#contract/notion";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";

describe("token bucket", () => {
  it("never refuses a client pacing itself at exactly the limit", () => {
    const limiter = createRateLimiter(3, () => 0);
    let refused = 0;
    for (let i = 0; i < 300; i++) if (limiter.take(i * (1000 / 3)) > 0) refused++;
    expect(refused).toBe(0);
  });

  it("allows a burst of `rate` requests, then asks to wait whole seconds", () => {
    const limiter = createRateLimiter(3, () => 0);
    expect([limiter.take(0), limiter.take(0), limiter.take(0)]).toEqual([0, 0, 0]);
    expect(limiter.take(0)).toBe(1);
    expect(limiter.take(340)).toBe(0);
  });

  it("holds the long-run rate to the limit under a flood", () => {
    const limiter = createRateLimiter(3, () => 0);
    let allowed = 0;
    for (let t = 0; t <= 10_000; t += 10) if (limiter.take(t) === 0) allowed++;
    expect(allowed).toBeLessThanOrEqual(3 + 30 + 1);
    expect(allowed).toBeGreaterThanOrEqual(30);
  });

  it("is off when the rate is null and can be changed at run time", () => {
    const limiter = createRateLimiter(null, () => 0);
    for (let i = 0; i < 100; i++) expect(limiter.take(0)).toBe(0);
    limiter.setRate(1);
    expect(limiter.take(0)).toBe(0);
    expect(limiter.take(0)).toBe(1);
  });
});

describe("rate-limited server", () => {
  let server: NotionServer;
  beforeAll(async () => {
    server = await startNotionServer({ ...demoNotion(), requestsPerSecond: 2 });
  });
  afterAll(() => server.close());

  const search = () =>
    fetch(`${server.url}/v1/search`, {
      method: "POST",
      headers: { Authorization: "Bearer demo-token", "Notion-Version": NOTION_VERSION },
      body: "{}",
    });

  it("answers 429 rate_limited with Retry-After over the limit, and counts it", async () => {
    const statuses = [];
    let limited: Response | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await search();
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited!.json()).toMatchObject({ object: "error", status: 429, code: "rate_limited" });
    expect(server.stats().rateLimited).toBeGreaterThan(0);
  });

  it("lifts and sets the limit through /__control/rate-limit", async () => {
    const set = (rps: number | null) =>
      fetch(`${server.url}/__control/rate-limit`, { method: "POST", body: JSON.stringify({ requestsPerSecond: rps }) });
    expect((await set(null)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await search()).status).toBe(200);
    await set(1);
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(429);
  });
});
