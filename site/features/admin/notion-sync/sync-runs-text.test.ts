import { describe, expect, it } from "vitest";
import type { SyncRun } from "#contract/sync-runs";
import {
  pagesText,
  rebuildProgress,
  rebuildsConfigured,
  runLabel,
  runOutcome,
  scopeText,
  triggerText,
  unlistedBlocks,
  unlistedFiles,
} from "./sync-runs-text";

const run = (patch: Partial<SyncRun>): SyncRun => ({
  kind: "table",
  target: null,
  startedAt: "2026-01-01T00:00:00Z",
  finishedAt: null,
  ok: null,
  message: null,
  ...patch,
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

describe("sync history texts", () => {
  it("names what started a run", () => {
    expect(["manual", "cron", "webhook", "launcher"].map((t) => triggerText(t as never))).toEqual([
      "Admin panel",
      "Nightly cron",
      "Notion webhook",
      "Launcher",
    ]);
  });

  it("names a run's scope", () => {
    expect(scopeText({ kind: "full", target: null })).toBe("All tables");
    expect(scopeText({ kind: "schema", target: null })).toBe("Schemas of all tables");
    expect(scopeText({ kind: "table", target: "notion_slot_machines" })).toBe("Table notion_slot_machines");
    expect(scopeText({ kind: "page", target: "notion_blog_posts" })).toBe("Page in notion_blog_posts");
  });

  it("gives pages added, changed and removed, or a dash for a run without data", () => {
    expect(pagesText({ pagesAdded: 1, pagesChanged: 0, pagesRemoved: 2 })).toBe("1 added, 0 changed, 2 removed");
    expect(pagesText({ pagesAdded: null, pagesChanged: null, pagesRemoved: null })).toBe("—");
  });

  it("counts the unsupported blocks a run could not list", () => {
    expect(unlistedBlocks({ unsupportedBlocks: [{ pageId: "a", type: "embed", count: 2 }], unsupportedTotal: 5 })).toBe(3);
    expect(unlistedBlocks({ unsupportedBlocks: [], unsupportedTotal: 0 })).toBe(0);
  });

  it("counts the files not copied that a run could not list", () => {
    expect(unlistedFiles({ skippedFiles: [{ pageId: "a", property: "Photos", file: "a.png", reason: "HTTP 404" }], skippedTotal: 4 })).toBe(
      3,
    );
    expect(unlistedFiles({ skippedFiles: [], skippedTotal: 0 })).toBe(0);
  });
});
