import { describe, expect, it } from "vitest";
import { parseStepLog, stepLogFields } from "./step-log";

const step = {
  runId: 12,
  name: "notion_posts: rows 0.40",
  startedAt: 1_732_490_000_000,
  endedAt: 1_732_490_001_234,
  subrequests: 47,
  rowsRead: 120,
  rowsWritten: 80,
};
/** The line the worker writes for `step` (logEvent's JSON). */
const line = JSON.stringify({ event: "sync_step", ...stepLogFields(step) });

describe("step log records", () => {
  it("carry the run, the table, the step, its time and subrequests as fields", () => {
    expect(JSON.parse(line)).toEqual({
      event: "sync_step",
      runId: 12,
      table: "notion_posts",
      step: "notion_posts: rows 0.40",
      ms: 1234,
      subrequests: 47,
      rowsRead: 120,
      rowsWritten: 80,
      startedAt: 1_732_490_000_000,
      endedAt: 1_732_490_001_234,
    });
    expect(stepLogFields({ ...step, name: "release lock" }).table).toBeUndefined();
  });

  it("read back what a step wrote, whatever precedes it on the line", () => {
    expect(parseStepLog(`  [worker] ${line}\n`)).toEqual(step);
    expect(parseStepLog(line)).toEqual(step);
    const { rowsRead: _read, rowsWritten: _written, ...withoutRows } = step;
    expect(parseStepLog(JSON.stringify({ event: "sync_step", ...stepLogFields(withoutRows) }))).toEqual(withoutRows);
  });

  it("ignore every other line, a cut one and one missing a field", () => {
    expect(parseStepLog('{"event":"run_end","runId":12,"ok":true}')).toBeNull();
    expect(parseStepLog("sync: notion_posts: Synced 40 rows into notion_posts")).toBeNull();
    expect(parseStepLog(line.slice(0, -5))).toBeNull();
    expect(parseStepLog(line.replace('"subrequests":47,', ""))).toBeNull();
  });
});
