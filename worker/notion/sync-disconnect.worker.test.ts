import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, inject, it } from "vitest";
import type { NotionTable } from "../domain/types";
import { adminCookie, adminFetch, TEST_ORIGIN } from "../test/admin";

const demo = inject("notionDemo");
const NOTION = env.NOTION_TEST_URL!;

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeEach(async () => {
  await fetch(`${NOTION}/__control/reset`, { method: "POST" });
  expect((await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" })).status).toBe(200);
});

describe("a sync whose caller goes away", { timeout: 60_000 }, () => {
  it("still finishes, records its outcome and frees the lock for the next sync", async () => {
    const { tables } = await (await adminFetch("/api/admin/notion-tables")).json<{ tables: NotionTable[] }>();
    const posts = tables.find((t) => t.tableName === "notion_posts")!;
    const caller = new AbortController();
    const request = exports.default.fetch(`${TEST_ORIGIN}/api/admin/notion-sync-table`, {
      method: "POST",
      headers: { cookie: await adminCookie(), origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ tableName: posts.tableName, databaseId: posts.databaseId }),
      signal: caller.signal,
    });
    await until(async () => (await count("SELECT COUNT(*) AS n FROM locks")) > 0, "the sync to start");
    caller.abort();
    await request.catch(() => undefined);

    await until(async () => (await count("SELECT COUNT(*) AS n FROM locks")) === 0, "the lock to be freed");
    const run = await env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = 'table' ORDER BY id DESC LIMIT 1").first<{ ok: number; message: string }>();
    expect(run).toEqual({ ok: 1, message: `Synced ${demo.pages.Posts} rows into notion_posts` });
    expect(await count("SELECT COUNT(*) AS n FROM notion_posts")).toBe(demo.pages.Posts);
    const next = await adminFetch("/api/admin/notion-sync-table", { method: "POST", body: { tableName: posts.tableName, databaseId: posts.databaseId } });
    expect(next.status).toBe(200);
  });
});
