import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("worker wiring", () => {
  it("answers unknown api paths with 404 JSON", async () => {
    const res = await exports.default.fetch("http://x/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found: /api/nope" });
  });
  it("answers /api/health with ok and the same instance id while the isolate lives", async () => {
    const first = await (await exports.default.fetch("http://x/api/health")).json<{ ok: boolean; instance: string }>();
    const second = await (await exports.default.fetch("http://x/api/health")).json<{ ok: boolean; instance: string }>();
    expect(first.ok).toBe(true);
    expect(first.instance).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.instance).toBe(first.instance);
  });
  it("has our migrations applied", async () => {
    const row = await env.DB.prepare("SELECT value FROM cache_counters WHERE name = 'hits'").first<{ value: number }>();
    expect(row?.value).toBe(0);
  });
});
