import { describe, expect, it } from "vitest";
import type { SyncRun } from "#contract/sync-runs";
import { runLabel, runOutcome } from "./run-summary";

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
