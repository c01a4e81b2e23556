import { afterEach, describe, expect, it, vi } from "vitest";
import { readSyncRuns, readSyncStatus, readWebhookState, syncAllTables, syncTable } from "./admin-api";
import { fakeAdminApi } from "./test/fake-api";

afterEach(() => vi.unstubAllGlobals());

const run = { kind: "full", target: null, startedAt: "2026-01-02T04:00:00.000Z", finishedAt: null, ok: null, message: null };

describe("admin API client", () => {
  it("hands out an answer of the contract's shape as it came", async () => {
    fakeAdminApi({
      "GET /api/admin/sync-status": () => Response.json({ lastSync: run, lastRebuild: null, syncing: true, rebuildConfigured: false }),
    });
    expect(await readSyncStatus()).toEqual({ lastSync: run, lastRebuild: null, syncing: true, rebuildConfigured: false });
  });

  it("refuses an answer of another shape, naming the path and the first wrong field", async () => {
    fakeAdminApi({
      "GET /api/admin/sync-status": () => Response.json({ lastSync: { ...run, ok: "yes" }, lastRebuild: null, syncing: false }),
      "GET /api/admin/sync-runs?limit=50": () => Response.json({ runs: [{ id: 1, kind: "full" }] }),
      "GET /api/admin/notion-webhook": () => Response.json({ state: "unknown" }),
      "POST /api/admin/notion-sync-table": () =>
        Response.json({ success: true, message: "Sync of notion_slot_machines started" }, { status: 202 }),
    });
    await expect(readSyncStatus()).rejects.toThrow("Unexpected answer from /api/admin/sync-status: lastSync.ok: Invalid input");
    await expect(readSyncRuns(50)).rejects.toThrow(/^Unexpected answer from \/api\/admin\/sync-runs\?limit=50: runs\.0\.target: /);
    await expect(readWebhookState()).rejects.toThrow(/^Unexpected answer from \/api\/admin\/notion-webhook: state: /);
    await expect(syncTable("notion_slot_machines", "db")).rejects.toThrow(
      "Unexpected answer from /api/admin/notion-sync-table: runId: Invalid input",
    );
  });

  it("sends the table sync body the worker validates", async () => {
    const started = { success: true, runId: 7, message: "Sync of notion_slot_machines started" };
    const { calls } = fakeAdminApi({ "POST /api/admin/notion-sync-table": () => Response.json(started, { status: 202 }) });
    expect(await syncTable("notion_slot_machines", "db-slots")).toEqual(started);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ tableName: "notion_slot_machines", databaseId: "db-slots" });
  });

  it("hands out the {success: false, message} a sync start answers 409 with; any other 409 stays an error", async () => {
    const refused = { success: false, message: "A Notion sync is already running; try again when it has finished" };
    fakeAdminApi({ "POST /api/admin/notion-sync-all": () => Response.json(refused, { status: 409 }) });
    expect(await syncAllTables()).toEqual(refused);
    fakeAdminApi({ "POST /api/admin/notion-sync-all": () => Response.json({ error: "busy" }, { status: 409, statusText: "Conflict" }) });
    await expect(syncAllTables()).rejects.toThrow('409: {"error":"busy"}');
  });
});
