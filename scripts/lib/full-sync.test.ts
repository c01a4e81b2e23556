import { syncRunReading } from "#contract/test/sync-run-reading";
import { describe, expect, it } from "vitest";
import { fullSync, tableLines } from "./full-sync.ts";
import type { SyncAllSummary } from "#contract/admin-api";

const SUMMARY: SyncAllSummary = {
  success: false,
  message: "Synced 1 of 2 tables, 15 rows",
  requests: 4,
  seconds: 1.5,
  tables: [
    {
      tableName: "notion_slot_machines",
      databaseTitle: "Slot Machines",
      ok: true,
      rows: 15,
      seconds: 0.84,
      message: "Synced 15 rows into notion_slot_machines",
    },
    {
      tableName: "notion_vintage_toys",
      databaseTitle: "Vintage Toys",
      ok: false,
      message: "Could not download file notion/x/y.png from Notion: HTTP 404",
    },
  ],
};

describe("the launcher's full sync", () => {
  it("prints one line per table: rows and time, or why it kept its previous rows", () => {
    expect(tableLines(SUMMARY)).toEqual([
      "sync:   Slot Machines         15 rows  0.8 s",
      "sync:   Vintage Toys       kept its previous rows: Could not download file notion/x/y.png from Notion: HTTP 404",
    ]);
  });

  it("starts the worker's full sync with one untimed admin call, follows its run to the end and reports its outcome", async () => {
    const calls: unknown[] = [];
    const readings = [
      syncRunReading({ kind: "full", target: null, status: "running" }),
      syncRunReading({
        kind: "full",
        target: null,
        status: "complete",
        finishedAt: "2026-01-01T00:00:02Z",
        ok: true,
        maxStepSubrequests: 31,
        result: SUMMARY,
      }),
    ];
    const admin = {
      call: async <T>(path: string, init?: unknown) => {
        calls.push([path, init]);
        return (
          path.startsWith("/api/admin/notion-sync-all") ? { success: true, runId: 7, message: "Full sync started" } : readings.shift()
        ) as T;
      },
    };
    const lines: string[] = [];
    const result = await fullSync(admin, (line) => lines.push(line), 1);
    expect(calls).toEqual([
      ["/api/admin/notion-sync-all?trigger=launcher", { method: "POST", untimed: true }],
      ["/api/admin/sync-runs/7", undefined],
      ["/api/admin/sync-runs/7", undefined],
    ]);
    expect(result).toMatchObject({ rows: 15, requests: 4, success: false });
    expect(lines.slice(1, 3)).toEqual(tableLines(SUMMARY));
    expect(lines[3]).toMatch(
      /^sync: Synced 1 of 2 tables, 15 rows in \d+\.\d s \(4 Notion requests, at most 31 subrequests in one step\)$/,
    );
    expect(lines[4]).toBe("sync: fix what the lines above name in Notion, then press Sync Data for those tables in /admin (or restart)");
  });

  it("reports a full sync run that failed as a whole (the search) with its error", async () => {
    const admin = {
      call: async <T>(path: string) =>
        (path.startsWith("/api/admin/notion-sync-all")
          ? { success: true, runId: 8, message: "Full sync started" }
          : syncRunReading({
              kind: "full",
              target: null,
              status: "errored",
              finishedAt: "2026-01-01T00:00:02Z",
              ok: false,
              error: "Notion: API token is invalid.",
            })) as T,
    };
    const lines: string[] = [];
    expect(await fullSync(admin, (line) => lines.push(line), 1)).toMatchObject({ rows: 0, success: false });
    expect(lines[1]).toMatch(/^sync: the full sync failed after \d+\.\d s: Notion: API token is invalid\.$/);
  });
});
