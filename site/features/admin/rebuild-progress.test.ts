import { describe, expect, it } from "vitest";
import type { SyncRun } from "#contract/sync-runs";
import { rebuildProgress, rebuildsConfigured } from "./rebuild-progress";

const run = (patch: Partial<SyncRun>): SyncRun => ({
  kind: "table",
  target: null,
  startedAt: "2026-01-01T00:00:00Z",
  finishedAt: null,
  ok: null,
  message: null,
  ...patch,
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
