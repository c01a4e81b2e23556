import { env, introspectWorkflowInstance } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { SyncStatus } from "#contract/sync-runs";
import { adminFetch } from "../../test/admin";
import { control, countPaths, listTables, notionStats, photoToys, rows, syncSchemas, syncTable, until } from "../../test/notion-sync";
import type { SyncRunProgress } from "../../data/sync-history";
import { LOCK_TTL_MS, SYNC_LOCK, isLockHeld } from "../../tables/lock";
import { DEFAULT_STEP_BUDGET } from "#contract/step-budget";
import { runInstanceId } from "../steps/start-sync";

/** A Vintage Toys database of a few hundred pages, each with its own Notion-hosted photo (one file copy per page). */
const TOYS = { id: "7e57da7a-0000-4000-8000-0000000000d1", dataSourceId: "7e57da7a-0000-4000-8000-0000000000d2" };
const TOY_PAGES = 320;
const toyQueries = async () => countPaths(await notionStats(), new RegExp(`/data_sources/${TOYS.dataSourceId}/query$`));

const run = async (id: number) => (await adminFetch(`/api/admin/sync-runs/${id}`)).json<SyncRunProgress & { readAt?: string }>();
const status = async () => (await adminFetch("/api/admin/sync-status")).json<SyncStatus>();

describe("Sync Data as a SYNC workflow run", { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    await photoToys(TOYS, TOY_PAGES);
    expect((await syncSchemas()).success).toBe(true);
  });

  it(`writes every row of ${TOY_PAGES} pages with their photos, no step using more than ${DEFAULT_STEP_BUDGET} subrequests`, async () => {
    const res = await syncTable("Vintage Toys");
    expect(res.status).toBe(202);
    expect(res.run).toMatchObject({ ok: true, status: "complete", pagesRead: TOY_PAGES, rowsWritten: TOY_PAGES, filesCopied: TOY_PAGES });
    const synced = await rows<{ number: number; photos: string }>("Vintage Toys");
    expect(synced.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: TOY_PAGES }, (_, i) => i + 1));
    for (const row of synced) expect(JSON.parse(row.photos)[0]).toMatch(new RegExp(`^/media/notion/.+/toy-${row.number}\\.png$`));
    // Cut into many small steps, each counted: D1, R2 and KV calls plus every Notion request and download.
    expect(res.run!.steps).toBeGreaterThan(TOY_PAGES / 20);
    expect(res.run!.maxStepSubrequests).toBeGreaterThan(0);
    expect(res.run!.maxStepSubrequests).toBeLessThanOrEqual(DEFAULT_STEP_BUDGET);
    expect(res.run!.maxStepMs).toBeGreaterThan(0);
    console.log(
      `workflow table sync of ${TOY_PAGES} pages: ${res.run!.steps} steps, at most ${res.run!.maxStepSubrequests} subrequests and ${res.run!.maxStepMs} ms in one step`,
    );
    // The staged query pages are gone with the run.
    expect((await env.MEDIA.list({ prefix: "sync-stage/" })).objects).toEqual([]);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });

  it("retries the step whose query Notion failed, on its own: the query pages read before are not read again", async () => {
    // The second cursor page: two 500s within the step's first attempt, one more in its second, then an answer.
    await control("faults", { status: 500, times: 3, skip: 1, path: `/data_sources/${TOYS.dataSourceId}/query` });
    const res = await syncTable("Vintage Toys");
    expect(res.run).toMatchObject({ ok: true, rowsWritten: TOY_PAGES });
    expect(await rows("Vintage Toys")).toHaveLength(TOY_PAGES);
    // 4 cursor pages, plus the 3 failed attempts of the second; a rerun of the whole sync would have read the first again.
    expect(await toyQueries()).toBe(4 + 3);
  });

  it("fails cleanly when a page's rows fail while the next page is read ahead: previous rows kept, side table and every staged page dropped", async () => {
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    const before = await rows("Vintage Toys");
    // A full copy again, whose first rows step fails recording its photos (a statement D1 refuses: not retried).
    await env.DB.prepare("UPDATE sync_tables SET data_synced_at = NULL WHERE table_name = 'notion_vintage_toys'").run();
    await env.DB.exec("CREATE TRIGGER media_files_full BEFORE INSERT ON media_files BEGIN SELECT RAISE(ABORT, 'media_files is full'); END");
    const queriesBefore = await toyQueries();
    try {
      const res = await syncTable("Vintage Toys");
      expect(res.run).toMatchObject({ ok: false, status: "errored" });
      expect(res.run!.error).toContain("media_files is full");
    } finally {
      await env.DB.exec("DROP TRIGGER media_files_full");
    }
    // The second cursor page was read while the first page's rows were written, and staged: dropped with the first.
    expect((await toyQueries()) - queriesBefore).toBe(2);
    expect((await env.MEDIA.list({ prefix: "sync-stage/" })).objects).toEqual([]);
    expect(await rows("Vintage Toys")).toEqual(before);
    expect((await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%incoming%'").all()).results).toEqual([]);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });

  it("answers the start at once, shows the run's progress while it runs, and holds the lock until it ends", async () => {
    const table = (await listTables()).find((t) => t.tableName === "notion_vintage_toys")!;
    // Notion is slow to answer the second cursor page, so the run is caught midway.
    await control("faults", { status: 429, times: 1, skip: 1, retryAfter: 2, path: `/data_sources/${TOYS.dataSourceId}/query` });
    const started = Date.now();
    const res = await adminFetch("/api/admin/notion-sync-table", {
      method: "POST",
      body: { tableName: table.tableName, databaseId: table.databaseId },
    });
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(2000);
    const { runId } = await res.json<{ runId: number }>();
    await until(async () => ((await run(runId)).pagesRead ?? 0) >= 100, "the first cursor page's progress");
    const midway = await run(runId);
    // A first copy (the schema sync left the table empty) has no record count to expect.
    expect(midway).toMatchObject({ kind: "table", target: "notion_vintage_toys", finishedAt: null, ok: null, status: "running" });
    expect(midway).toMatchObject({ pagesExpected: null, readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(midway.pagesRead).toBeLessThan(TOY_PAGES);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(true);
    // Whoever asks sees which run holds the lock, to follow it.
    expect(await status()).toMatchObject({ syncing: true, runningRunId: runId });
    const second = await adminFetch("/api/admin/notion-sync-all", { method: "POST" });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ success: false, message: "A Notion sync is already running; try again when it has finished" });
    await until(async () => (await run(runId)).status === "complete", "the run to complete", 60_000);
    expect(await status()).toMatchObject({ syncing: false, runningRunId: null });
    expect(await run(runId)).toMatchObject({
      ok: true,
      pagesRead: TOY_PAGES,
      rowsWritten: TOY_PAGES,
      message: `Synced ${TOY_PAGES} rows into notion_vintage_toys`,
    });
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });

  it("records a run stopped midway as failed, keeps the previous rows, and its lock expires", async () => {
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    const before = await rows("Vintage Toys");
    const table = (await listTables()).find((t) => t.tableName === "notion_vintage_toys")!;
    await env.DB.prepare("UPDATE sync_tables SET data_synced_at = NULL WHERE table_name = 'notion_vintage_toys'").run();
    await control("faults", { status: 429, times: 1, skip: 1, retryAfter: 3, path: `/data_sources/${TOYS.dataSourceId}/query` });
    const res = await adminFetch("/api/admin/notion-sync-table", {
      method: "POST",
      body: { tableName: table.tableName, databaseId: table.databaseId },
    });
    const { runId } = await res.json<{ runId: number }>();
    // The table's rows as the run started are what it expects to read.
    expect((await run(runId)).pagesExpected).toBe(TOY_PAGES);
    await until(async () => ((await run(runId)).pagesRead ?? 0) >= 100, "the run to be under way");
    const instanceId = runInstanceId(runId, (await run(runId)).startedAt);
    await using instance = await introspectWorkflowInstance(env.SYNC, instanceId);
    await (await env.SYNC.get(instanceId)).terminate();
    await instance.waitForStatus("terminated");
    expect(await run(runId)).toMatchObject({
      ok: false,
      status: "terminated",
      error:
        "The sync run was stopped before it finished (from the Cloudflare dashboard, or by a deploy). The tables keep their previous rows. Fix: nothing to do: the nightly sync at 04:00 UTC runs again, or start a sync in the admin panel.",
    });
    expect(await rows("Vintage Toys")).toEqual(before);
    // Its lock is left to expire: nothing renews it any more.
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(true);
    expect(await isLockHeld(env.DB, SYNC_LOCK, Date.now() + LOCK_TTL_MS + 1)).toBe(false);
  });
});
