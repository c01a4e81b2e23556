import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { adminFetch } from "../test/admin";
import { control, rows, syncSchemas, syncTable } from "../test/notion-sync";

const demo = inject("notionDemo");

const lastRun = (kind: string) => env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = ?1 ORDER BY id DESC LIMIT 1").bind(kind).first<{ ok: number; message: string }>();

describe("a sync that fails on our side (D1)", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    expect((await syncSchemas()).success).toBe(true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    const views = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'view'").all<{ name: string }>();
    for (const { name } of views.results) await env.DB.exec(`DROP VIEW "${name}"`);
  });

  it("answers a table sync with a logged 500 naming the failure, and keeps the previous rows", async () => {
    expect((await syncTable("Vintage Toys")).status).toBe(200);
    const before = await rows("Vintage Toys");
    // A view where the side table goes makes D1 refuse the sync's first statement.
    await env.DB.exec("CREATE VIEW notion_vintage_toys__incoming AS SELECT 1 AS x");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await syncTable("Vintage Toys");
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: "Table sync of notion_vintage_toys failed: D1_ERROR: use DROP VIEW to delete view notion_vintage_toys__incoming: SQLITE_ERROR" });
    expect(logged).toHaveBeenCalledWith("Table sync of notion_vintage_toys failed:", expect.any(Error));
    expect(await rows("Vintage Toys")).toEqual(before);
    expect(await lastRun("table")).toMatchObject({ ok: 0, message: "D1_ERROR: use DROP VIEW to delete view notion_vintage_toys__incoming: SQLITE_ERROR" });
    expect(before).toHaveLength(demo.pages["Vintage Toys"]);
  });

  it("answers a schema sync with a logged 500 naming the failure", async () => {
    await env.DB.batch([env.DB.prepare("DROP TABLE notion_posts"), env.DB.prepare("CREATE VIEW notion_posts AS SELECT 1 AS x")]);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Schema sync failed: D1_ERROR: view "notion_posts" already exists at offset 13: SQLITE_ERROR' });
    expect(logged).toHaveBeenCalledWith("Schema sync failed:", expect.any(Error));
    expect(await lastRun("schema")).toMatchObject({ ok: 0, message: 'D1_ERROR: view "notion_posts" already exists at offset 13: SQLITE_ERROR' });
  });
});
