import { describe, expect, it } from "vitest";
import { syncRunReading } from "#contract/test/sync-run-reading";
import { fullSyncToast, runEndToast, schemaSyncToast, syncErrorToast, tableSyncToast } from "./sync-toasts";
import { HttpError } from "../../../lib/http";

describe("sync toasts", () => {
  const tables = (...statuses: ("created" | "error")[]) => statuses.map((status, i) => ({ tableName: `notion_${i}`, status }));

  it("titles a schema sync by how many tables were created", () => {
    expect(schemaSyncToast({ success: true, message: "ok", tables: tables("created", "created") })).toMatchObject({
      title: "Schema Sync Successful",
      variant: "default",
    });
    expect(schemaSyncToast({ success: false, message: "1 failed", tables: tables("created", "error") })).toMatchObject({
      title: "Schema Sync Completed with Errors",
    });
    expect(schemaSyncToast({ success: true, message: "odd", tables: tables("created", "error") })).toMatchObject({
      title: "Schema Sync Completed with Errors",
    });
    expect(schemaSyncToast({ success: false, message: "all failed", tables: tables("error") })).toMatchObject({
      title: "Schema Sync Failed",
      variant: "destructive",
    });
    expect(schemaSyncToast({ success: false, message: "no access", tables: [] })).toMatchObject({ title: "Schema Sync Failed" });
  });

  it("titles a table sync by its success flag", () => {
    expect(tableSyncToast({ success: true, message: "12 rows" })).toEqual({
      title: "Table Sync Successful",
      description: "12 rows",
      variant: "default",
    });
    expect(tableSyncToast({ success: false, message: "Notion 502" })).toEqual({
      title: "Table Sync Failed",
      description: "Notion 502",
      variant: "destructive",
    });
  });

  it("titles the full sync like a table sync, its description naming all tables", () => {
    expect(fullSyncToast({ success: true, message: "Synced 12 of 12 tables, 81 rows" })).toEqual({
      title: "Table Sync Successful",
      description: "All tables: Synced 12 of 12 tables, 81 rows",
      variant: "default",
    });
    expect(fullSyncToast({ success: false, message: "A Notion sync is already running" })).toEqual({
      title: "Table Sync Failed",
      description: "All tables: A Notion sync is already running",
      variant: "destructive",
    });
  });

  it("words a followed run's end: its message, else its message and error each once, else that it did not finish", () => {
    expect(runEndToast(syncRunReading({ ok: true, message: "Synced 2 rows" }), tableSyncToast)).toMatchObject({
      title: "Table Sync Successful",
      description: "Synced 2 rows",
    });
    expect(
      runEndToast(syncRunReading({ ok: false, message: "Notion answered 502", error: "Notion answered 502" }), tableSyncToast),
    ).toMatchObject({
      title: "Table Sync Failed",
      description: "Notion answered 502",
    });
    expect(
      runEndToast(syncRunReading({ ok: false, message: "Synced 1 of 2 tables, 3 rows", error: "notion_a: gone" }), fullSyncToast),
    ).toMatchObject({
      description: "All tables: Synced 1 of 2 tables, 3 rows — notion_a: gone",
    });
    expect(runEndToast(syncRunReading({ status: "complete" }), tableSyncToast).description).toBe("The sync did not finish");
  });

  it("title a Notion failure (502) as the sync failing and any other error as the request failing", () => {
    const notion = new HttpError(502, '{"error":"Notion: API token is invalid."}', "Bad Gateway");
    expect(syncErrorToast("Table Sync Failed", "Failed to sync table data", notion)).toEqual({
      title: "Table Sync Failed",
      description: '502: {"error":"Notion: API token is invalid."}',
      variant: "destructive",
    });
    expect(syncErrorToast("Schema Sync Failed", "Failed to sync Notion schemas", new HttpError(409, "", "Conflict"))).toEqual({
      title: "Failed to sync Notion schemas",
      description: "409: Conflict",
      variant: "destructive",
    });
    expect(syncErrorToast("Table Sync Failed", "Failed to sync table data", new TypeError(""))).toMatchObject({
      title: "Failed to sync table data",
      description: "An unknown error occurred",
    });
  });
});
