import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { existingNotionTables } from "./existing-tables";

const MADE = ["notion_probe_jukeboxes", "notion_probe_jukeboxes__incoming", "notion_probe_posts", "probe_notion_other"];

beforeEach(async () => {
  await env.DB.batch(MADE.map((name) => env.DB.prepare(`CREATE TABLE IF NOT EXISTS "${name}" (id TEXT PRIMARY KEY)`)));
});

afterEach(async () => {
  await env.DB.batch(MADE.map((name) => env.DB.prepare(`DROP TABLE IF EXISTS "${name}"`)));
});

describe("existingNotionTables", () => {
  it("lists the live notion_* tables by name, without side tables or our other tables", async () => {
    const tables = await existingNotionTables(env.DB);
    expect(tables.filter((t) => t.includes("probe"))).toEqual(["notion_probe_jukeboxes", "notion_probe_posts"]);
    expect(tables.every((t) => t.startsWith("notion_") && !t.endsWith("__incoming"))).toBe(true);
    expect(tables).not.toContain("sync_runs");
  });

  it("lists side tables too when asked", async () => {
    const tables = await existingNotionTables(env.DB, { sideTables: true });
    expect(tables.filter((t) => t.includes("probe"))).toEqual([
      "notion_probe_jukeboxes",
      "notion_probe_jukeboxes__incoming",
      "notion_probe_posts",
    ]);
  });

  it("lists nothing once the tables are gone", async () => {
    await env.DB.batch(MADE.map((name) => env.DB.prepare(`DROP TABLE "${name}"`)));
    expect((await existingNotionTables(env.DB, { sideTables: true })).filter((t) => t.includes("probe"))).toEqual([]);
  });
});
