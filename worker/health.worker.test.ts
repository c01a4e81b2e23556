import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("worker wiring", () => {
  it("answers unknown api paths with 404 JSON", async () => {
    const res = await exports.default.fetch("http://x/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found: /api/nope" });
  });
  it("has our migrations applied", async () => {
    const row = await env.DB.prepare("SELECT value FROM cache_counters WHERE name = 'hits'").first<{ value: number }>();
    expect(row?.value).toBe(0);
  });
});
