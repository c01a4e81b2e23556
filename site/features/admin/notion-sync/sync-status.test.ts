import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SyncHistoryRun } from "#contract/sync-runs";
import { syncRunReading } from "#contract/test/sync-run-reading";
import { fakeAdminApi } from "../shared/test/fake-api";
import { ended, quiet, resetSyncStores, restoreFetch, slots, started } from "./test/sync-answers";
import {
  $syncBusy,
  $syncRuns,
  $syncStatus,
  refreshSyncRuns,
  refreshSyncStatus,
  runFullSync,
  runTableSync,
  showOlderSyncRuns,
} from "./sync-store";
import { $syncProgress } from "./sync-follow";

beforeEach(resetSyncStores);
afterEach(restoreFetch);

describe("sync status and history in the notion sync store", () => {
  it("follows a sync another client started, found by the polled status, with every start disabled, then reloads the tab once", async () => {
    let status: Record<string, unknown> = { lastSync: null, lastRebuild: null, syncing: true, runningRunId: 31 };
    const readings = [
      syncRunReading({ id: 31, kind: "full", target: null, trigger: "launcher", status: "running", pagesRead: 40, pagesExpected: 81 }),
      syncRunReading({
        id: 31,
        kind: "full",
        target: null,
        trigger: "launcher",
        status: "complete",
        ok: true,
        finishedAt: "2026-01-01T04:01:00.000Z",
      }),
    ];
    const { calls } = fakeAdminApi({
      ...quiet,
      "GET /api/admin/sync-status": () => Response.json(status),
      "GET /api/admin/sync-runs/31": () => {
        const reading = readings.shift()!;
        if (reading.status === "complete") status = { lastSync: null, lastRebuild: null, syncing: false, runningRunId: null };
        return Response.json(reading);
      },
      "GET /api/admin/sync-runs?limit=21": () => Response.json({ runs: [] }),
    });
    await refreshSyncStatus();
    await vi.waitFor(() => expect($syncProgress.get()).toMatchObject({ id: 31, pagesRead: 40, pagesExpected: 81 }));
    expect($syncBusy.get()).toBe(true);
    await runTableSync(slots);
    await runFullSync();
    expect(calls.filter((c) => c.key.startsWith("POST "))).toEqual([]);
    await vi.waitFor(() => expect($syncProgress.get()).toBeNull(), { timeout: 3000 });
    await vi.waitFor(() => expect($syncBusy.get()).toBe(false));
    expect(calls.map((c) => c.key)).toEqual(expect.arrayContaining(["GET /api/admin/notion-tables", "GET /api/admin/sync-runs?limit=21"]));
    // A run followed to its end is not followed again while its lock lingers (a run killed midway holds it until it expires).
    status = { lastSync: null, lastRebuild: null, syncing: true, runningRunId: 31 };
    const readsBefore = calls.filter((c) => c.key === "GET /api/admin/sync-runs/31").length;
    await refreshSyncStatus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.key === "GET /api/admin/sync-runs/31")).toHaveLength(readsBefore);
  });

  it("loads the sync status and the site's build time", async () => {
    fakeAdminApi(quiet);
    await refreshSyncStatus();
    expect($syncStatus.get()).toEqual({
      status: { lastSync: null, lastRebuild: null, syncing: false },
      build: { builtAt: "2026-01-01T04:02:00.000Z" },
      error: null,
    });
  });

  it("reloads the sync history after a table sync", async () => {
    const run: SyncHistoryRun = syncRunReading({
      startedAt: "2026-01-02T04:00:00.000Z",
      finishedAt: "2026-01-02T04:00:05.000Z",
      ok: true,
      message: "Synced 2 rows",
      pagesAdded: 1,
      pagesChanged: 0,
      pagesRemoved: 0,
      filesCopied: 0,
    });
    const { calls } = fakeAdminApi({
      ...quiet,
      "POST /api/admin/notion-sync-table": started,
      "GET /api/admin/sync-runs/7": ended({ status: "complete", ok: true, message: "Synced 2 rows" }),
      "GET /api/admin/sync-runs?limit=21": () => Response.json({ runs: [run] }),
    });
    $syncRuns.set({ ...$syncRuns.get(), runs: [], error: null });
    await runTableSync(slots);
    expect(calls.map((c) => c.key)).toContain("GET /api/admin/sync-runs?limit=21");
    expect($syncRuns.get()).toMatchObject({ runs: [run], older: false, error: null });
  });

  it("reloads the sync history when the polled status shows a sync that ended since, and not otherwise", async () => {
    const running = { kind: "full", target: null, startedAt: "2026-01-02T04:00:00.000Z", finishedAt: null, ok: null, message: null };
    let lastSync: unknown = running;
    const { calls } = fakeAdminApi({
      ...quiet,
      "GET /api/admin/sync-status": () => Response.json({ lastSync, lastRebuild: null, syncing: false }),
      "GET /api/admin/sync-runs?limit=21": () => Response.json({ runs: [] }),
    });
    const historyLoads = () => calls.filter((c) => c.key === "GET /api/admin/sync-runs?limit=21").length;
    await refreshSyncStatus();
    await refreshSyncStatus();
    const before = historyLoads();
    lastSync = { ...running, finishedAt: "2026-01-02T04:05:00.000Z", ok: true, message: "Synced 12 of 12 tables" };
    await refreshSyncStatus();
    expect(historyLoads()).toBe(before + 1);
  });

  it("keeps the history shown and says why when it cannot load", async () => {
    const run = { id: 1, kind: "full" };
    fakeAdminApi({ "GET /api/admin/sync-runs?limit=21": () => new Response("down", { status: 503 }) });
    $syncRuns.set({ ...$syncRuns.get(), runs: [run as never], error: null });
    const { refreshSyncRuns } = await import("./sync-store");
    await refreshSyncRuns();
    expect($syncRuns.get()).toMatchObject({ runs: [run], error: "503: down" });
  });

  it("lists the newest 20 runs, and 20 more each time older ones are asked for, until none is left", async () => {
    const all = Array.from({ length: 45 }, (_, i) => syncRunReading({ id: 45 - i }));
    const { calls } = fakeAdminApi({
      "GET /api/admin/sync-runs?limit=21": () => Response.json({ runs: all.slice(0, 21) }),
      "GET /api/admin/sync-runs?limit=41": () => Response.json({ runs: all.slice(0, 41) }),
      "GET /api/admin/sync-runs?limit=61": () => Response.json({ runs: all }),
    });
    await refreshSyncRuns();
    expect($syncRuns.get()).toMatchObject({ shown: 20, older: true });
    expect($syncRuns.get().runs?.map((r) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    await showOlderSyncRuns();
    expect($syncRuns.get()).toMatchObject({ shown: 40, older: true, loadingOlder: false });
    expect($syncRuns.get().runs).toHaveLength(40);
    // A poll keeps the 40 shown.
    await refreshSyncRuns();
    expect($syncRuns.get().runs).toHaveLength(40);
    await showOlderSyncRuns();
    expect($syncRuns.get()).toMatchObject({ shown: 60, older: false });
    expect($syncRuns.get().runs?.at(-1)?.id).toBe(1);
    await showOlderSyncRuns();
    expect(calls.map((c) => c.key)).toEqual([
      "GET /api/admin/sync-runs?limit=21",
      "GET /api/admin/sync-runs?limit=41",
      "GET /api/admin/sync-runs?limit=41",
      "GET /api/admin/sync-runs?limit=61",
    ]);
  });
});
