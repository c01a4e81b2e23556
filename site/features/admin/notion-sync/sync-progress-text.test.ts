import { describe, expect, it } from "vitest";
import { syncRunReading } from "#contract/test/sync-run-reading";
import { formatDuration, progressFigures, runTitle } from "./sync-progress-text";

const START = "2026-01-01T04:00:00.000Z";
/** A reading of a run started at START, taken `seconds` later by the worker's clock. */
const at = (seconds: number, fields: Parameters<typeof syncRunReading>[0] = {}) =>
  syncRunReading({ startedAt: START, readAt: new Date(Date.parse(START) + seconds * 1000).toISOString(), ...fields });

describe("sync progress", () => {
  it("shows pages read of the pages expected, rows written, files copied and the time elapsed by the worker's clock", () => {
    const figures = progressFigures(at(65, { pagesRead: 300, pagesExpected: 1200, rowsWritten: 1, filesCopied: 2 }), Date.parse(START));
    expect(figures).toEqual({
      read: 300,
      expected: 1200,
      percent: 25,
      pagesText: "300 of 1,200 pages read",
      countsText: "1 row written, 2 files copied",
      elapsedText: "Elapsed 1 min 05 s",
      leftText: "About 3 min 15 s left",
    });
  });

  it("estimates the time left only once the run has read a page and run a few seconds, and says it is finishing once all are read", () => {
    expect(progressFigures(at(3, { pagesRead: 100, pagesExpected: 400 })).leftText).toBe("Estimating time left…");
    expect(progressFigures(at(30, { pagesRead: 0, pagesExpected: 400 })).leftText).toBe("Estimating time left…");
    expect(progressFigures(at(10, { pagesRead: 100, pagesExpected: 400 })).leftText).toBe("About 30 s left");
    // A table that grew since its count: the bar stays full.
    expect(progressFigures(at(40, { pagesRead: 410, pagesExpected: 400 }))).toMatchObject({ percent: 100, leftText: "Finishing…" });
  });

  it("has no end to show for a run with nothing to expect (a first sync), and counts what it has done", () => {
    expect(progressFigures(at(12, { pagesRead: 1, pagesExpected: null }))).toMatchObject({
      percent: null,
      expected: null,
      pagesText: "1 page read",
      countsText: "0 rows written, 0 files copied",
      leftText: null,
    });
    expect(progressFigures(at(12, { pagesExpected: 0 })).percent).toBeNull();
  });

  it("takes the browser's clock when the reading has none, never a negative time", () => {
    const reading = syncRunReading({ startedAt: START, pagesRead: 5, pagesExpected: 10 });
    expect(progressFigures(reading, Date.parse(START) + 42_000).elapsedText).toBe("Elapsed 42 s");
    expect(progressFigures(reading, Date.parse(START) - 5_000).elapsedText).toBe("Elapsed 0 s");
  });

  it("formats durations in seconds, minutes and hours", () => {
    expect([0, 59_400, 60_000, 3_599_000, 3_600_000, 7_380_000].map(formatDuration)).toEqual([
      "0 s",
      "59 s",
      "1 min 00 s",
      "59 min 59 s",
      "1 h 00 min",
      "2 h 03 min",
    ]);
  });

  it("names what a run syncs and who started it", () => {
    expect(runTitle({ kind: "full", target: null, trigger: "cron" })).toBe("All tables, started by the nightly cron");
    expect(runTitle({ kind: "table", target: "notion_posts", trigger: "manual" })).toBe("Table notion_posts, started from the admin panel");
    expect(runTitle({ kind: "page", target: "webhook", trigger: "webhook" })).toBe("Pages edited in Notion, started by a Notion webhook");
    expect(runTitle({ kind: "full", target: null, trigger: "launcher" })).toBe("All tables, started by the launcher (npm start)");
  });
});
