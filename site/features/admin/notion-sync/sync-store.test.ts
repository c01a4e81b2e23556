import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syncRunReading } from "#contract/test/sync-run-reading";
import { fakeAdminApi } from "../shared/test/fake-api";
import { ended, lastToast, parts, quiet, refused, resetSyncStores, restoreFetch, slots, started } from "./test/sync-answers";
import {
  $schemaSync,
  $syncBusy,
  $syncingAll,
  $syncingTable,
  $syncStatus,
  confirmRemoval,
  isTableSyncDisabled,
  refreshTables,
  runFullSync,
  runSchemaSync,
  runTableSync,
  $notionTables,
} from "./sync-store";
import { $syncProgress } from "./sync-follow";

beforeEach(resetSyncStores);
afterEach(restoreFetch);

describe("notion sync store", () => {
  it("runs the schema sync with the button disabled meanwhile and keeps the per-table result", async () => {
    const result = { success: true, message: "2 tables created", tables: [{ tableName: slots.tableName, status: "created" }] };
    let runningDuringRequest = false;
    fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-schemas": () => {
        runningDuringRequest = $schemaSync.get().running;
        return Response.json(result);
      },
    });
    await runSchemaSync();
    expect(runningDuringRequest).toBe(true);
    expect($schemaSync.get()).toEqual({ running: false, result });
    expect(lastToast()).toMatchObject({ title: "Schema Sync Successful" });
    expect($notionTables.get().data).toEqual([slots, parts]);
  });

  it("reports a failed schema request as 'Failed to sync Notion schemas'", async () => {
    fakeAdminApi({ "POST /api/admin/notion-sync-schemas": () => new Response("", { status: 500, statusText: "Internal Server Error" }) });
    await runSchemaSync();
    expect(lastToast()).toMatchObject({
      title: "Failed to sync Notion schemas",
      description: "500: Internal Server Error",
      variant: "destructive",
    });
    expect($schemaSync.get().running).toBe(false);
  });

  it("reports a schema sync that Notion failed (502) as 'Schema Sync Failed' and reloads the sync status", async () => {
    const failedRun = {
      kind: "schema",
      target: null,
      startedAt: "2026-01-01T04:00:00.000Z",
      finishedAt: "2026-01-01T04:00:01.000Z",
      ok: false,
      message: "Notion: down",
    };
    fakeAdminApi({
      ...quiet,
      "GET /api/admin/sync-status": () => Response.json({ lastSync: failedRun, lastRebuild: null, syncing: false }),
      "POST /api/admin/notion-sync-schemas": () => Response.json({ error: "Notion: down" }, { status: 502, statusText: "Bad Gateway" }),
    });
    await runSchemaSync();
    expect(lastToast()).toMatchObject({
      title: "Schema Sync Failed",
      description: '502: {"error":"Notion: down"}',
      variant: "destructive",
    });
    expect($syncStatus.get().status?.lastSync).toEqual(failedRun);
  });

  it("reports a failed table list as 'Failed to fetch notion tables'", async () => {
    fakeAdminApi({ "GET /api/admin/notion-tables": () => new Response("down", { status: 503 }) });
    await refreshTables();
    expect(lastToast()).toMatchObject({ title: "Failed to fetch notion tables", description: "503: down" });
  });

  it("syncs one table at a time: a second request while one runs is ignored", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-table": async () => {
        await gate;
        return started();
      },
      "GET /api/admin/sync-runs/7": ended({ status: "complete", ok: true, message: "Synced 2 rows" }),
    });
    const first = runTableSync(slots);
    expect($syncingTable.get()).toBe(slots.tableName);
    await runTableSync(parts);
    release();
    await first;
    expect(calls.filter((c) => c.key === "POST /api/admin/notion-sync-table").map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { tableName: slots.tableName, databaseId: "db-slots" },
    ]);
    expect($syncingTable.get()).toBeNull();
    expect(lastToast()).toMatchObject({ title: "Table Sync Successful", description: "Synced 2 rows" });
  });

  it("follows a started run, its progress in $syncProgress, until its workflow has ended (not just its row), then toasts", async () => {
    const readings = [
      { status: "running", finishedAt: null, ok: null, pagesRead: 100, rowsWritten: 40, filesCopied: 3 },
      {
        status: "running",
        finishedAt: "2026-01-01T04:00:05.000Z",
        ok: true,
        message: "Synced 120 rows",
        pagesRead: 120,
        rowsWritten: 120,
        filesCopied: 5,
      },
      {
        status: "complete",
        finishedAt: "2026-01-01T04:00:05.000Z",
        ok: true,
        message: "Synced 120 rows",
        pagesRead: 120,
        rowsWritten: 120,
        filesCopied: 5,
      },
    ];
    const seen: unknown[] = [];
    const stop = $syncProgress.listen((run) => seen.push(run && { pagesRead: run.pagesRead, status: run.status }));
    fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-table": started,
      "GET /api/admin/sync-runs/7": () => Response.json(syncRunReading(readings.shift())),
    });
    await runTableSync(slots);
    stop();
    expect(seen).toEqual([
      { pagesRead: 100, status: "running" },
      { pagesRead: 120, status: "running" },
      { pagesRead: 120, status: "complete" },
      null,
    ]);
    expect(lastToast()).toMatchObject({ title: "Table Sync Successful", description: "Synced 120 rows", variant: "default" });
  });

  it("confirms a held removal, follows the sync that carries it out and reloads the tables; while another sync runs, says the next one will", async () => {
    const hold = { live: 15, leaving: 8, unpublished: 5, gone: 3, heldAt: "2026-01-01T04:00:00.000Z", confirmedAt: null };
    const { calls } = fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-removals/confirm": () =>
        Response.json(
          { success: true, runId: 7, message: "Confirmed: Slot Machines is syncing to take them off the site" },
          { status: 202 },
        ),
      "GET /api/admin/sync-runs/7": ended({ status: "complete", ok: true, message: "Synced 7 rows into notion_slot_machines" }),
    });
    await confirmRemoval({ ...slots, removalHold: hold });
    expect(calls.find((c) => c.key === "POST /api/admin/notion-removals/confirm")?.init.body).toBe(
      JSON.stringify({ tableName: slots.tableName }),
    );
    expect(lastToast()).toMatchObject({ title: "Table Sync Successful", description: "Synced 7 rows into notion_slot_machines" });
    expect(calls.some((c) => c.key === "GET /api/admin/notion-tables")).toBe(true);
    expect($syncingTable.get()).toBeNull();

    const busy = "Confirmed: another sync is running, so the next sync of Slot Machines takes them off the site";
    fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-removals/confirm": () => Response.json({ success: false, message: busy }, { status: 409 }),
    });
    await confirmRemoval({ ...slots, removalHold: hold });
    expect(lastToast()).toMatchObject({ title: "Removal Confirmed", description: busy, variant: "amber" });
    fakeAdminApi({ ...quiet, "POST /api/admin/notion-removals/confirm": () => Response.json({ error: "No removal" }, { status: 404 }) });
    await confirmRemoval({ ...slots, removalHold: hold });
    expect(lastToast()).toMatchObject({ title: "Failed to confirm the removal", variant: "destructive" });
  });

  it("does not sync a table without a database id", async () => {
    const { calls } = fakeAdminApi(quiet);
    await runTableSync({ ...slots, databaseId: null });
    expect(calls).toEqual([]);
  });

  it("toasts 'Table Sync Failed' with a failed run's error, and 'Failed to sync table data' for a start refused", async () => {
    fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-table": started,
      "GET /api/admin/sync-runs/7": ended({ status: "errored", ok: false, message: "Notion answered 502", error: "Notion answered 502" }),
    });
    await runTableSync(slots);
    expect(lastToast()).toMatchObject({ title: "Table Sync Failed", description: "Notion answered 502", variant: "destructive" });
    fakeAdminApi({ ...quiet, "POST /api/admin/notion-sync-table": () => new Response("", { status: 409, statusText: "Conflict" }) });
    await runTableSync(slots);
    expect(lastToast()).toMatchObject({ title: "Failed to sync table data", description: "409: Conflict" });
    fakeAdminApi({ ...quiet, "POST /api/admin/notion-sync-table": () => Response.json({ error: "Notion: boom" }, { status: 502 }) });
    await runTableSync(slots);
    expect(lastToast()).toMatchObject({ title: "Table Sync Failed", description: '502: {"error":"Notion: boom"}', variant: "destructive" });
  });

  it("toasts 'Table Sync Failed' with the worker's reason when another sync runs (409), then follows that sync", async () => {
    const readings = [
      syncRunReading({ id: 21, kind: "full", target: null, trigger: "cron", status: "running", pagesRead: 40, pagesExpected: 81 }),
      syncRunReading({
        id: 21,
        kind: "full",
        target: null,
        trigger: "cron",
        status: "complete",
        ok: true,
        finishedAt: "2026-01-01T04:01:00.000Z",
      }),
    ];
    const seen: unknown[] = [];
    const stop = $syncProgress.listen((run) => seen.push(run && run.status));
    fakeAdminApi({
      ...quiet,
      "GET /api/admin/sync-status": () => Response.json({ lastSync: null, lastRebuild: null, syncing: true, runningRunId: 21 }),
      "POST /api/admin/notion-sync-table": refused,
      "GET /api/admin/sync-runs/21": () => Response.json(readings.length > 1 ? readings.shift() : readings[0]),
      "GET /api/admin/sync-runs?limit=21": () => Response.json({ runs: [] }),
    });
    await runTableSync(slots);
    expect(lastToast()).toMatchObject({
      title: "Table Sync Failed",
      description: "A Notion sync is already running; try again when it has finished",
      variant: "destructive",
    });
    expect($syncBusy.get()).toBe(true);
    await vi.waitFor(() => expect(seen.at(-1)).toBeNull(), { timeout: 3000 });
    stop();
    expect(seen).toEqual(["running", "complete", null]);
  });

  it("runs Sync All Tables: the full sync followed to its end, toasted with the table sync's titles naming all tables", async () => {
    let syncingDuringRequest = false;
    const { calls } = fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-all": () => {
        syncingDuringRequest = $syncingAll.get() && $syncBusy.get();
        return Response.json({ success: true, runId: 8, message: "Full sync started" }, { status: 202 });
      },
      "GET /api/admin/sync-runs/8": () =>
        Response.json(
          syncRunReading({ id: 8, kind: "full", target: null, status: "complete", ok: true, message: "Synced 12 of 12 tables, 81 rows" }),
        ),
      "GET /api/admin/sync-runs?limit=21": () => Response.json({ runs: [] }),
    });
    await runFullSync();
    expect(syncingDuringRequest).toBe(true);
    expect(calls[0]!.init.body).toBeUndefined();
    expect(lastToast()).toEqual(
      expect.objectContaining({
        title: "Table Sync Successful",
        description: "All tables: Synced 12 of 12 tables, 81 rows",
        variant: "default",
      }),
    );
    expect($syncingAll.get()).toBe(false);
  });

  it("toasts a full sync that failed for some tables with its summary and their errors, a refused one and a failed request", async () => {
    fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-all": () => Response.json({ success: true, runId: 9, message: "Full sync started" }, { status: 202 }),
      "GET /api/admin/sync-runs/9": () =>
        Response.json(
          syncRunReading({
            id: 9,
            kind: "full",
            target: null,
            status: "complete",
            ok: false,
            message: "Synced 11 of 12 tables, 70 rows",
            error: "notion_vintage_toys: Could not download file toy.png from Notion: HTTP 404",
          }),
        ),
    });
    await runFullSync();
    expect(lastToast()).toMatchObject({
      title: "Table Sync Failed",
      description:
        "All tables: Synced 11 of 12 tables, 70 rows — notion_vintage_toys: Could not download file toy.png from Notion: HTTP 404",
      variant: "destructive",
    });
    fakeAdminApi({ ...quiet, "POST /api/admin/notion-sync-all": refused });
    await runFullSync();
    expect(lastToast()).toMatchObject({
      title: "Table Sync Failed",
      description: "All tables: A Notion sync is already running; try again when it has finished",
    });
    $syncStatus.set({ status: null, build: null, error: null });
    fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-all": () => new Response("", { status: 500, statusText: "Internal Server Error" }),
    });
    await runFullSync();
    expect(lastToast()).toMatchObject({ title: "Failed to sync table data", description: "500: Internal Server Error" });
  });
});

const notionTable = (databaseId: string | null) => ({
  tableName: "notion_slot_machines",
  recordCount: 3,
  databaseTitle: "Slot Machines",
  databaseId,
  drafts: 0,
  held: 0,
  removalHold: null,
});

describe("table sync buttons", () => {
  it("are disabled without a database id and for every table while any sync runs", () => {
    expect(isTableSyncDisabled(notionTable("db-1"), false)).toBe(false);
    expect(isTableSyncDisabled(notionTable(null), false)).toBe(true);
    expect(isTableSyncDisabled(notionTable("db-1"), true)).toBe(true);
  });
});
