import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../index";
import { troubledD1 } from "../test/d1-faults";
import { D1_RETRY_AFTER_SECONDS, D1_UNAVAILABLE_MESSAGE } from "../lib/errors";
import { currentCacheKeys } from "../test/cache-keys";
import { json, type Row, seedCategory, seedContent } from "../test/fixtures";
import { admin, freshCache } from "../test/http";

let slot: Row;

/** A public path of every kind, so each read path is shown to survive D1 trouble. */
const paths = () => [
  "/api/content/banner_message",
  "/api/images/background-texture",
  "/api/page-description/navigation",
  "/api/page-headers/slots",
  "/api/posts/section/news",
  "/api/collection/slots",
  "/api/collection/slots/for-sale",
  `/api/collection/slots/${slot.id}`,
];

/** Our tables (FTS5 shadow tables follow their virtual table), renamed so every query on them fails with "no such table" as if D1 lost them; returns the undo. */
async function renameEveryTable(): Promise<() => Promise<void>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' AND name NOT LIKE 'search\\_index\\_%' ESCAPE '\\'",
  ).all<{ name: string }>();
  const rename = (from: string, to: string) => env.DB.prepare(`ALTER TABLE "${from}" RENAME TO "${to}"`);
  await env.DB.batch(results.map(({ name }) => rename(name, `gone_${name}`)));
  return async () => {
    await env.DB.batch(results.map(({ name }) => rename(`gone_${name}`, name)));
  };
}

/** Reads every path once with caching on, so each has its KV entry; then drops the isolate's memory copies by moving the clock past them. */
async function warmKvThenLaterOn(): Promise<Map<string, unknown>> {
  const bodies = new Map<string, unknown>();
  for (const path of paths()) {
    const res = await exports.default.fetch(`http://localhost${path}`);
    expect(res.headers.get("X-Cache"), path).toBe("MISS");
    bodies.set(path, await res.json());
  }
  // Ten seconds on: the isolate's memory copy of each entry and its copy of the caching switch are out of date.
  vi.setSystemTime(Date.now() + 10_000);
  return bodies;
}

beforeEach(async () => {
  await freshCache();
  await seedContent("Site Content", [{ key: "banner_message", type: "rich_text", content: "Hello" }]);
  await seedContent("Images", [{ key: "background-texture", image: json(["/media/notion/t/texture.png"]) }]);
  await seedContent("Page Descriptions", [{ section: "navigation", description: "Browse" }]);
  await seedContent("Page Headers", [{ page_id: "slots", title: "Slots", icon_type: "gallery" }]);
  await seedContent("Posts", [{ title: "News", section: "news", display_order: 1 }]);
  [slot] = await seedCategory("slots", [{ title: "Bell", for_sale: 1, price: 100 }, { title: "Chief" }]);
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("reads while D1 is in trouble", () => {
  it("a KV hit answers 200 with the stored body when every D1 query fails, asking D1 for nothing but the background counter flush", async () => {
    const bodies = await warmKvThenLaterOn();
    const asked: string[] = [];
    const down = { ...env, DB: troubledD1({ kind: "down" }, asked) };
    for (const path of paths()) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://localhost${path}`), down, ctx);
      expect([path, res.status, res.headers.get("X-Cache")]).toEqual([path, 200, "HIT"]);
      expect(await res.json()).toEqual(bodies.get(path));
      await waitOnExecutionContext(ctx);
    }
    expect(asked.filter((sql) => !sql.startsWith("UPDATE cache_counters"))).toEqual([]);
  });

  it("a KV hit answers 200 when every table is gone from D1, and the counts it missed are written once D1 is back", async () => {
    const bodies = await warmKvThenLaterOn();
    const restore = await renameEveryTable();
    try {
      for (const path of paths()) {
        const res = await exports.default.fetch(`http://localhost${path}`);
        expect([path, res.status, res.headers.get("X-Cache")]).toEqual([path, 200, "HIT"]);
        expect(await res.json()).toEqual(bodies.get(path));
      }
    } finally {
      await restore();
    }
    const { stats } = (await admin("GET", "/api/admin/cache/stats")).body;
    expect(stats).toEqual({ hits: paths().length, misses: paths().length });
  });

  it.each([
    ["fails at once", { kind: "down" } as const],
    ["fails after a delay", { kind: "fails-later", ms: 20 } as const],
  ])("a cache MISS answers 503 JSON with Retry-After when every D1 query %s, and stores nothing", async (_how, trouble) => {
    const down = { ...env, DB: troubledD1(trouble) };
    for (const path of paths()) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://localhost${path}`), down, ctx);
      expect([path, res.status, res.headers.get("Retry-After")]).toEqual([path, 503, String(D1_RETRY_AFTER_SECONDS)]);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: D1_UNAVAILABLE_MESSAGE });
      await waitOnExecutionContext(ctx);
    }
    expect(await currentCacheKeys()).toEqual([]);
  });
});
