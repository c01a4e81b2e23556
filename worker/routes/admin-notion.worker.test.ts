import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { SYNC_LOCK, acquireLock } from "../tables/lock";
import { replaceRegistry } from "../tables/registry";
import { adminFetch } from "../test/admin";
import { freshCache } from "../test/http";
import { holdStatement } from "../data/removal-holds";

const DB_ID = "1a2b3c4d-0000-4000-8000-000000000001";

/** Registers one table directly, as a schema sync would. */
async function register() {
  await env.DB.batch([
    env.DB.prepare('DROP TABLE IF EXISTS "notion_slot_machines"'),
    env.DB.prepare(
      'CREATE TABLE "notion_slot_machines" ("id" TEXT PRIMARY KEY, "created_time" TEXT, "last_edited_time" TEXT, "title" TEXT)',
    ),
    env.DB.prepare("INSERT INTO notion_slot_machines (id, title) VALUES ('p1', 'A'), ('p2', 'B')"),
    ...replaceRegistry(env.DB, [
      {
        tableName: "notion_slot_machines",
        databaseTitle: "Slot Machines",
        databaseId: DB_ID,
        dataSourceId: "ds-1",
        columns: [{ property: "Title", column: "title", type: "title" }],
        hasBody: false,
        schemaSyncedAt: null,
        dataSyncedAt: null,
      },
      {
        tableName: "notion_posts",
        databaseTitle: "Posts",
        databaseId: null,
        dataSourceId: null,
        columns: [],
        hasBody: true,
        schemaSyncedAt: null,
        dataSyncedAt: null,
      },
    ]),
  ]);
}

describe("admin Notion routes", () => {
  beforeEach(async () => {
    await register();
    // The table list is cached (in this isolate's memory too): a list another file read moments ago must not answer.
    await freshCache();
  });

  it("lists registered tables with their record counts, drafts and held pages, and a removal waiting for confirmation", async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM unpublished_pages"),
      env.DB.prepare(
        "INSERT INTO unpublished_pages (table_name, page_id, state, run_id) VALUES " +
          "('notion_slot_machines', 'd1', 'draft', 1), ('notion_slot_machines', 'd2', 'draft', 1), ('notion_slot_machines', 'p1', 'held', 1)",
      ),
      holdStatement(env.DB, "notion_slot_machines", { live: 2, leaving: 2, unpublished: 1 }, 7),
    ]);
    const res = await adminFetch("/api/admin/notion-tables");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      tables: [
        { tableName: "notion_posts", recordCount: 0, databaseTitle: "Posts", databaseId: null, drafts: 0, held: 0, removalHold: null },
        {
          tableName: "notion_slot_machines",
          recordCount: 2,
          databaseTitle: "Slot Machines",
          databaseId: DB_ID,
          drafts: 2,
          held: 1,
          removalHold: { live: 2, leaving: 2, unpublished: 1, gone: 1, heldAt: expect.any(String), confirmedAt: null },
        },
      ],
    });
  });

  it("answers 400 for a table sync body that is not {tableName, databaseId}", async () => {
    for (const body of [
      {},
      { tableName: "notion_slot_machines" },
      { tableName: 1, databaseId: DB_ID },
      { tableName: "", databaseId: DB_ID },
    ]) {
      const res = await adminFetch("/api/admin/notion-sync-table", { method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(/^Invalid /);
    }
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await adminFetch("/api/admin/notion-sync-table", { method: "POST", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });

  it("answers 404 for an unknown table", async () => {
    const res = await adminFetch("/api/admin/notion-sync-table", { method: "POST", body: { tableName: "notion_nope", databaseId: DB_ID } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Unknown table: notion_nope" });
  });

  it("answers 400 when the databaseId is not the table's database", async () => {
    const res = await adminFetch("/api/admin/notion-sync-table", {
      method: "POST",
      body: { tableName: "notion_slot_machines", databaseId: "ffffffff-0000-4000-8000-000000000001" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "databaseId does not match the database synced into notion_slot_machines" });
    const missing = await adminFetch("/api/admin/notion-sync-table", {
      method: "POST",
      body: { tableName: "notion_posts", databaseId: DB_ID },
    });
    expect(missing.status).toBe(400);
  });

  it("answers {success: false, message} with 409 while another sync holds the lock, for Sync Data and the full sync, starting nothing", async () => {
    const runs = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_runs").first<{ n: number }>())!.n;
    const before = await runs();
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      for (const [path, body] of [
        ["/api/admin/notion-sync-table", { tableName: "notion_slot_machines", databaseId: DB_ID }],
        ["/api/admin/notion-sync-all", undefined],
        ["/api/admin/notion-sync-all?trigger=launcher", undefined],
      ] as const) {
        const res = await adminFetch(path, { method: "POST", body });
        expect(res.status, path).toBe(409);
        expect(await res.json(), path).toEqual({
          success: false,
          message: "A Notion sync is already running; try again when it has finished",
        });
      }
      expect(await runs()).toBe(before);
      // A lock taken without a run (as the schema sync does): syncing, but no run to follow.
      expect(await (await adminFetch("/api/admin/sync-status")).json()).toMatchObject({ syncing: true, runningRunId: null });
    } finally {
      await lock.release();
    }
  });

  it("is behind the admin session", async () => {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("http://localhost/api/admin/notion-tables");
    expect(res.status).toBe(401);
  });
});
