import { describe, expect, it } from "vitest";
import { scaleTable, type ScaleResult } from "./scale-report.ts";

const result = (items: number, overrides: Partial<ScaleResult> = {}): ScaleResult => ({
  items,
  budget: 50,
  sync: { seconds: 45, requests: 120 },
  usage: { steps: 210, rowsRead: 15_400, rowsWritten: 4_100, files: 980, d1Bytes: 12.6 * 1024 * 1024 },
  step: { subrequests: null, ms: null, cpuMs: null },
  build: { seconds: 12.34, pages: 1520, files: 1600 },
  webhook: { seconds: 8.06, buildSeconds: 5.5 },
  syncData: { seconds: 9.5, buildSeconds: null },
  ...overrides,
});

describe("the scale benchmark's table", () => {
  it("puts the sizes side by side, with the sync's floor and its ratio to it", () => {
    const lines = scaleTable([
      result(1000),
      result(10000, { sync: { seconds: 300, requests: 1200 }, step: { subrequests: 48, ms: 1234, cpuMs: 87 } }),
    ]).split("\n");
    expect(lines[0]).toMatch(/^\s+\|\s+N=1,000 @50 \|\s+N=10,000 @50$/);
    const row = (label: string) =>
      lines
        .find((line) => line.startsWith(label))
        ?.split("|")
        .map((cell) => cell.trim());
    expect(row("full sync")).toEqual(["full sync", "45.0 s", "300.0 s"]);
    expect(row("  Notion requests")).toEqual(["Notion requests", "120", "1,200"]);
    expect(row("  floor")).toEqual(["floor (requests / 3 per s)", "40.0 s", "400.0 s"]);
    expect(row("  ratio to the floor")).toEqual(["ratio to the floor", "1.13x", "0.75x"]);
    expect(row("  pages")).toEqual(["pages", "1,520", "1,520"]);
    expect(row("  workflow steps")).toEqual(["workflow steps", "210", "210"]);
    expect(row("  D1 rows read / written")).toEqual(["D1 rows read / written", "15,400 / 4,100", "15,400 / 4,100"]);
    expect(row("D1 database size")).toEqual(["D1 database size", "12.6 MB", "12.6 MB"]);
    expect(row("edit -> live page, webhook")).toEqual(["edit -> live page, webhook", "8.1 s", "8.1 s"]);
  });

  it("prints n/a where the worker reports no per-invocation numbers or no build ran", () => {
    const lines = scaleTable([result(1000), result(10000, { step: { subrequests: 48, ms: 1234, cpuMs: 87 } })]).split("\n");
    const cells = (label: string) =>
      lines
        .find((line) => line.startsWith(label))
        ?.split("|")
        .slice(1)
        .map((cell) => cell.trim());
    expect(cells("most subrequests in one invocation")).toEqual(["n/a", "48"]);
    expect(cells("most wall ms in one invocation")).toEqual(["n/a", "1,234 ms"]);
    expect(cells("most CPU ms in one invocation")).toEqual(["n/a", "87 ms"]);
    expect(lines.filter((line) => line.startsWith("  its incremental build alone")).map((line) => line.split("|")[1]!.trim())).toEqual([
      "5.5 s",
      "n/a",
    ]);
  });
});
