import { describe, expect, it } from "vitest";
import { fullSync, tableLines } from "./full-sync.ts";
import type { SyncAllSummary } from "../../worker/notion/sync-all.ts";

const SUMMARY: SyncAllSummary = {
  success: false,
  message: "Synced 1 of 2 tables, 15 rows",
  requests: 4,
  seconds: 1.5,
  tables: [
    { tableName: "notion_slot_machines", databaseTitle: "Slot Machines", ok: true, rows: 15, seconds: 0.84, message: "Synced 15 rows into notion_slot_machines" },
    { tableName: "notion_vintage_toys", databaseTitle: "Vintage Toys", ok: false, message: "Could not download file notion/x/y.png from Notion: HTTP 404" },
  ],
};

describe("the launcher's full sync", () => {
  it("prints one line per table: rows and time, or why it kept its previous rows", () => {
    expect(tableLines(SUMMARY)).toEqual([
      "sync:   Slot Machines         15 rows  0.8 s",
      "sync:   Vintage Toys       kept its previous rows: Could not download file notion/x/y.png from Notion: HTTP 404",
    ]);
  });

  it("makes one untimed admin call to the worker's full sync and reports its outcome", async () => {
    const calls: unknown[] = [];
    const admin = { call: async <T>(path: string, init?: unknown) => (calls.push([path, init]), SUMMARY as T) };
    const lines: string[] = [];
    const result = await fullSync(admin, (line) => lines.push(line));
    expect(calls).toEqual([["/api/admin/notion-sync-all?trigger=launcher", { method: "POST", untimed: true }]]);
    expect(result).toMatchObject({ rows: 15, requests: 4, success: false });
    expect(lines.slice(1, 3)).toEqual(tableLines(SUMMARY));
    expect(lines[3]).toMatch(/^sync: Synced 1 of 2 tables, 15 rows in \d+\.\d s \(4 Notion requests\)$/);
    expect(lines[4]).toBe("sync: fix what the lines above name in Notion, then press Sync Data for those tables in /admin (or restart)");
  });
});
