import { describe, expect, it } from "vitest";
import { parseStepLog, stepLogLine } from "./step-log";

describe("step log lines", () => {
  it("reads back what a step wrote, whatever precedes it on the line", () => {
    const step = { runId: 12, name: "notion_posts: rows 0.40", startedAt: 1_732_490_000_000, endedAt: 1_732_490_001_234, subrequests: 47 };
    expect(stepLogLine(step)).toBe("sync step: run 12 from 1732490000000 to 1732490001234, 47 subrequests: notion_posts: rows 0.40");
    expect(parseStepLog(`  [worker] ${stepLogLine(step)}\n`)).toEqual(step);
  });

  it("ignores every other line", () => {
    expect(parseStepLog("sync: notion_posts: Synced 40 rows into notion_posts")).toBeNull();
    expect(parseStepLog("sync step: lock heartbeat failed: Error")).toBeNull();
  });
});
