import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { adminFetch } from "../../test/admin";
import { control, listTables, rows, syncSchemas, syncTable } from "../../test/notion-sync";

const demo = inject("notionDemo");

const lastRun = (kind: string) =>
  env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = ?1 ORDER BY id DESC LIMIT 1")
    .bind(kind)
    .first<{ ok: number; message: string }>();

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

  it("ends a table sync run failed with D1's error in its history, at once (a statement D1 refuses is not retried), and keeps the previous rows", async () => {
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    const before = await rows("Vintage Toys");
    // A view where the side table goes makes D1 refuse the sync's first statement (a full copy: the table counts as never synced).
    await env.DB.exec("CREATE VIEW notion_vintage_toys__incoming AS SELECT 1 AS x");
    await env.DB.prepare("UPDATE sync_tables SET data_synced_at = NULL WHERE table_name = 'notion_vintage_toys'").run();
    const res = await syncTable("Vintage Toys");
    expect(res.status).toBe(202);
    expect(res.run).toMatchObject({
      ok: false,
      status: "errored",
      error: "D1_ERROR: use DROP VIEW to delete view notion_vintage_toys__incoming: SQLITE_ERROR",
    });
    // The prepare step failed once: no retry of a refused statement.
    expect(res.run!.steps).toBe(2);
    expect(await rows("Vintage Toys")).toEqual(before);
    expect(await lastRun("table")).toMatchObject({
      ok: 0,
      message: "D1_ERROR: use DROP VIEW to delete view notion_vintage_toys__incoming: SQLITE_ERROR",
    });
    expect(before).toHaveLength(demo.pages["Vintage Toys"]!);
  });

  it("answers a schema sync with a logged 500 naming the failure", async () => {
    await env.DB.batch([env.DB.prepare("DROP TABLE notion_posts"), env.DB.prepare("CREATE VIEW notion_posts AS SELECT 1 AS x")]);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: 'Schema sync failed: D1_ERROR: view "notion_posts" already exists at offset 13: SQLITE_ERROR',
    });
    expect(logged.mock.calls.map(([line]) => JSON.parse(line as string))).toContainEqual({
      event: "unexpected_error",
      what: "Schema sync",
      error: 'D1_ERROR: view "notion_posts" already exists at offset 13: SQLITE_ERROR',
    });
    expect(await lastRun("schema")).toMatchObject({
      ok: 0,
      message: 'D1_ERROR: view "notion_posts" already exists at offset 13: SQLITE_ERROR',
    });
  });
});

describe("a Notion database with more properties than a D1 table holds", { timeout: 60_000 }, () => {
  const WIDE_ID = "7e57da7a-0000-4000-8000-0000000000a1";
  const properties = Object.fromEntries([
    ["Title", { type: "title" }],
    ...Array.from({ length: 119 }, (_, i) => [`Field ${i + 1}`, { type: "rich_text" }]),
  ]);
  const refusal =
    '"Vintage Toys" has 120 properties needing 240 columns (a title or text property takes two: its text and its formatting), but a D1 table holds at most 100 columns: 96 for properties besides id, created_time, last_edited_time and body_md. Remove at least 72 properties from the database in Notion, then run the schema sync again.';

  beforeEach(async () => {
    await control("reset");
    await control("databases", {
      id: WIDE_ID,
      dataSourceId: "7e57da7a-0000-4000-8000-0000000000a2",
      title: "Vintage Toys",
      properties,
      pages: [{ properties: { Title: "Wide", "Field 1": "x" } }],
      replace: true,
    });
  });

  it("is refused by the schema sync with a clear error while the other tables are created", async () => {
    const schema = await syncSchemas();
    expect(schema.success).toBe(false);
    expect(schema.message).toBe("Created 11 of 12 tables; 1 databases have more properties than a D1 table holds");
    expect(schema.tables.find((t) => t.tableName === "notion_vintage_toys")).toEqual({
      tableName: "notion_vintage_toys",
      status: "error",
      error: refusal,
    });
    expect(schema.tables.filter((t) => t.status === "created")).toHaveLength(11);
    const tables = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) = 'notion_'").all<{ name: string }>()
    ).results.map((r) => r.name);
    expect(tables).toHaveLength(11);
    expect(tables).not.toContain("notion_vintage_toys");
    expect((await listTables()).find((t) => t.tableName === "notion_vintage_toys")).toEqual({
      tableName: "notion_vintage_toys",
      recordCount: 0,
      databaseTitle: "Vintage Toys",
      databaseId: WIDE_ID,
      drafts: 0,
      held: 0,
      removalHold: null,
    });
  });

  it("ends its table sync run failed with the same sentence", async () => {
    await syncSchemas();
    const res = await syncTable("Vintage Toys");
    expect(res.run).toMatchObject({ ok: false, error: refusal });
    expect(await lastRun("table")).toEqual({ ok: 0, message: refusal });
    expect((await syncTable("Slot Machines")).ok).toBe(true);
  });
});

describe("a Notion answer the sync cannot read", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    expect((await syncSchemas()).success).toBe(true);
  });

  it("ends a table sync run failed naming the malformed field and keeps the previous rows", async () => {
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    const before = await rows("Vintage Toys");
    const page = {
      object: "page",
      id: "7e57da7a-0000-4000-8000-0000000000b1",
      properties: { Title: { type: "title", title: "not a list" } },
    };
    await control("faults", { status: 200, path: "/query", body: { object: "list", results: [page], has_more: false, next_cursor: null } });
    const res = await syncTable("Vintage Toys");
    const error =
      "Notion: unexpected answer to the data source query: results.0.properties.Title.title: Invalid input: expected array, received string";
    expect(res.run).toMatchObject({ ok: false, error });
    expect(await rows("Vintage Toys")).toEqual(before);
    expect(await lastRun("table")).toEqual({ ok: 0, message: error });
  });

  it("ends a table sync failed for a block list without results, and answers a schema sync 502 for a search answer that is not JSON", async () => {
    await control("faults", { status: 200, path: "/children", body: { object: "list", has_more: false, next_cursor: null } });
    const posts = await syncTable("Posts");
    expect(posts.run).toMatchObject({
      ok: false,
      error: "Notion: unexpected answer to a block children list: results: Invalid input: expected array, received undefined",
    });

    await control("faults", { status: 200, path: "/v1/search", body: "<html>maintenance</html>" });
    const schema = await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" });
    expect(schema.status).toBe(502);
    expect(await schema.json()).toEqual({ error: "Notion: the answer to the search for data sources is not JSON" });
    expect(await listTables()).toHaveLength(12);
  });

  it("answers a table sync whose stored column list is unreadable with a 500 asking for a schema sync", async () => {
    await env.DB.prepare("UPDATE sync_tables SET columns_json = '{\"title\":1}' WHERE table_name = 'notion_images'").run();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await adminFetch("/api/admin/notion-sync-table", { method: "POST", body: { tableName: "notion_images", databaseId: "x" } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: "Table sync of notion_images failed: The stored column list of notion_images is unreadable; run the schema sync again",
    });
    vi.restoreAllMocks();
  });
});
