import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { adminCookie, TEST_ORIGIN } from "../../test/admin";
import { control, listTables, syncTable, syncSchemas, until } from "../../test/notion-sync";

const demo = inject("notionDemo");

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

beforeEach(async () => {
  await control("reset");
  expect((await syncSchemas()).success).toBe(true);
});

describe("a sync whose caller goes away", { timeout: 60_000 }, () => {
  it("still finishes, records its outcome and frees the lock for the next sync", async () => {
    const posts = (await listTables()).find((t) => t.tableName === "notion_posts")!;
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

    await until(async () => (await count("SELECT COUNT(*) AS n FROM locks")) === 0, "the lock to be freed", 30_000);
    const run = await env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = 'table' ORDER BY id DESC LIMIT 1").first<{
      ok: number;
      message: string;
    }>();
    expect(run).toEqual({ ok: 1, message: `Synced ${demo.pages.Posts} rows into notion_posts` });
    expect(await count("SELECT COUNT(*) AS n FROM notion_posts")).toBe(demo.pages.Posts);
    expect((await syncTable("Posts")).ok).toBe(true);
  });
});
