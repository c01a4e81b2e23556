import { describe, expect, it } from "vitest";
import type { SyncRun } from "#contract/sync-runs";
import { errorText, failureToast, hitRate, syncProgressText, isTableSyncDisabled, rebuildProgress, rebuildsConfigured, runLabel, runOutcome, schemaSyncToast, serverMessage, signInErrorText, syncErrorToast, tableSyncToast } from "./admin";
import { HttpError } from "../../lib/http";

const table = (databaseId: string | null) => ({ tableName: "notion_slot_machines", recordCount: 3, databaseTitle: "Slot Machines", databaseId });
const run = (patch: Partial<SyncRun>): SyncRun => ({ kind: "table", target: null, startedAt: "2026-01-01T00:00:00Z", finishedAt: null, ok: null, message: null, ...patch });

describe("error texts", () => {
  it("use the `${status}: ${body}` message of HTTP errors", () => {
    expect(errorText(new HttpError(500, '{"error":"boom"}', "Internal Server Error"))).toBe('500: {"error":"boom"}');
    expect(errorText(new HttpError(502, "", "Bad Gateway"))).toBe("502: Bad Gateway");
  });

  it("fall back to 'An unknown error occurred'", () => {
    expect(errorText("nope")).toBe("An unknown error occurred");
    expect(errorText(new Error(""))).toBe("An unknown error occurred");
  });

  it("make destructive notices", () => {
    expect(failureToast("Failed to clear cache", undefined)).toEqual({ title: "Failed to clear cache", description: "An unknown error occurred", variant: "destructive" });
  });

  it("read the server's { error } text out of a body", () => {
    expect(serverMessage(new HttpError(429, '{"error":"Too many sign-in attempts. Try again in 15 minutes."}', ""))).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(serverMessage(new HttpError(429, "", "Too Many Requests"))).toBeNull();
  });
});

describe("sign-in error texts", () => {
  it("name a wrong password, throttling and a missing secret", () => {
    expect(signInErrorText(new HttpError(401, '{"error":"Incorrect password"}', ""))).toBe("Incorrect password. Please try again.");
    expect(signInErrorText(new HttpError(429, '{"error":"Too many sign-in attempts. Try again in 15 minutes."}', ""))).toBe(
      "Too many sign-in attempts. Try again in 15 minutes.",
    );
    expect(signInErrorText(new HttpError(429, "", "Too Many Requests"))).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    expect(signInErrorText(new HttpError(503, '{"error":"Admin access is not configured"}', ""))).toMatch(/^Admin access is not configured/);
    expect(signInErrorText(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});

describe("hit rate", () => {
  it("is hits over all lookups with one decimal, 0% before any", () => {
    expect(hitRate({ hits: 3, misses: 1 })).toBe("75.0%");
    expect(hitRate({ hits: 0, misses: 0 })).toBe("0%");
    expect(hitRate(undefined)).toBe("0%");
  });
});

describe("sync toasts", () => {
  const tables = (...statuses: ("created" | "error")[]) => statuses.map((status, i) => ({ tableName: `notion_${i}`, status }));

  it("titles a schema sync by how many tables were created", () => {
    expect(schemaSyncToast({ success: true, message: "ok", tables: tables("created", "created") })).toMatchObject({ title: "Schema Sync Successful", variant: "default" });
    expect(schemaSyncToast({ success: false, message: "1 failed", tables: tables("created", "error") })).toMatchObject({ title: "Schema Sync Completed with Errors" });
    expect(schemaSyncToast({ success: true, message: "odd", tables: tables("created", "error") })).toMatchObject({ title: "Schema Sync Completed with Errors" });
    expect(schemaSyncToast({ success: false, message: "all failed", tables: tables("error") })).toMatchObject({ title: "Schema Sync Failed", variant: "destructive" });
    expect(schemaSyncToast({ success: false, message: "no access", tables: [] })).toMatchObject({ title: "Schema Sync Failed" });
  });

  it("titles a table sync by its success flag", () => {
    expect(tableSyncToast({ success: true, message: "12 rows" })).toEqual({ title: "Table Sync Successful", description: "12 rows", variant: "default" });
    expect(tableSyncToast({ success: false, message: "Notion 502" })).toEqual({ title: "Table Sync Failed", description: "Notion 502", variant: "destructive" });
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

describe("table sync progress", () => {
  it("says what a running run has read, written and copied, or that it is starting", () => {
    expect(syncProgressText("notion_posts", null)).toBe("Syncing notion_posts: starting…");
    expect(syncProgressText("notion_posts", { pagesRead: 100, rowsWritten: 40, filesCopied: null })).toBe("Syncing notion_posts: 100 pages read, 40 rows written, 0 files copied");
  });
});

describe("table sync buttons", () => {
  it("are disabled without a database id and for every table while one syncs", () => {
    expect(isTableSyncDisabled(table("db-1"), null)).toBe(false);
    expect(isTableSyncDisabled(table(null), null)).toBe(true);
    expect(isTableSyncDisabled(table("db-1"), "notion_other")).toBe(true);
    expect(isTableSyncDisabled(table("db-1"), "notion_slot_machines")).toBe(true);
  });
});

describe("run summaries", () => {
  it("say whether a run succeeded, failed, still runs or never ran", () => {
    expect(runOutcome(null)).toBe("Never");
    const started = Date.parse("2026-01-01T00:00:00Z");
    expect(runOutcome(run({ ok: null }), undefined, started + 60_000)).toBe("Running");
    expect(runOutcome(run({ ok: null }), true, started + 60_000)).toBe("Running");
    expect(runOutcome(run({ ok: null }), false, started + 60_000)).toBe("Interrupted");
    expect(runOutcome(run({ ok: null }), undefined, started + 31 * 60_000)).toBe("Interrupted");
    expect(runOutcome(run({ ok: true }))).toBe("Succeeded");
    expect(runOutcome(run({ ok: false }))).toBe("Failed");
  });

  it("name the kind and target", () => {
    expect(runLabel(run({ kind: "table", target: "notion_slot_machines" }))).toBe("Table sync (notion_slot_machines)");
    expect(runLabel(run({ kind: "full" }))).toBe("Full sync");
    expect(runLabel(run({ kind: "rebuild", target: "schema" }))).toBe("Site rebuild (schema)");
  });
});

describe("rebuild progress", () => {
  const rebuild = run({ kind: "rebuild", startedAt: "2026-01-01T04:00:00Z", ok: true });
  const requested = Date.parse(rebuild.startedAt);
  const olderBuild = "2026-01-01T03:59:00Z";

  it("is pending while an accepted rebuild is newer than the live build", () => {
    expect(rebuildProgress(rebuild, olderBuild, requested + 60_000)).toBe("pending");
    expect(rebuildProgress(rebuild, "2026-01-01T04:01:00Z", requested + 60_000)).toBeNull();
    expect(rebuildProgress({ ...rebuild, ok: false }, olderBuild, requested + 60_000)).toBeNull();
    expect(rebuildProgress({ ...rebuild, ok: null }, olderBuild, requested + 60_000)).toBeNull();
    expect(rebuildProgress(null, olderBuild, requested + 60_000)).toBeNull();
    expect(rebuildProgress(rebuild, null, requested + 60_000)).toBeNull();
  });

  it("is overdue once the request is more than 15 minutes old and its build is still not live", () => {
    expect(rebuildProgress(rebuild, olderBuild, requested + 15 * 60_000)).toBe("pending");
    expect(rebuildProgress(rebuild, olderBuild, requested + 15 * 60_000 + 1)).toBe("overdue");
    expect(rebuildProgress(rebuild, olderBuild, requested + 24 * 60 * 60_000)).toBe("overdue");
    expect(rebuildProgress(rebuild, "2026-01-01T04:20:00Z", requested + 24 * 60 * 60_000)).toBeNull();
  });
});

describe("rebuilds configured", () => {
  it("is false only when the worker says it has no deploy hook; older workers without the field count as configured", () => {
    expect(rebuildsConfigured({ rebuildConfigured: false })).toBe(false);
    expect(rebuildsConfigured({ rebuildConfigured: true })).toBe(true);
    expect(rebuildsConfigured({})).toBe(true);
    expect(rebuildsConfigured(null)).toBe(true);
  });
});
