import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileTimes, timingReport } from "./test-report.ts";

const dir = mkdtempSync(join(tmpdir(), "test-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A vitest JSON report holding one entry per [file, start, end, status]. */
function report(name: string, files: [string, number, number, string][]): string {
  const path = join(dir, name);
  const testResults = files.map(([file, startTime, endTime, status]) => ({ name: `/repo/${file}`, startTime, endTime, status }));
  writeFileSync(path, JSON.stringify({ numTotalTests: files.length, testResults }));
  return path;
}

describe("npm test's closing timing report", () => {
  it("lists a JSON report's files slowest first, relative to the root, with their time and failures", () => {
    const path = report("a.json", [
      ["a.test.ts", 1000, 1500, "passed"],
      ["b.test.ts", 1000, 9000, "failed"],
      ["c.test.ts", 2000, 4000, "passed"],
    ]);
    expect(fileTimes(path, "/repo")).toEqual([
      { file: "b.test.ts", ms: 8000, failed: true },
      { file: "c.test.ts", ms: 2000, failed: false },
      { file: "a.test.ts", ms: 500, failed: false },
    ]);
  });

  it("reads no files from a stage whose report was never written", () => {
    expect(fileTimes(join(dir, "missing.json"), "/repo")).toEqual([]);
  });

  it("prints every stage's time and result, then the ten slowest files of each vitest stage", () => {
    const files = Array.from({ length: 12 }, (_, i) => [`f${i}.test.ts`, 0, (i + 1) * 1000, "passed"] as [string, number, number, string]);
    const path = report("unit.json", files);
    const lines = timingReport(
      [
        { name: "lint", ms: 61_000, code: 0 },
        { name: "unit", ms: 95_400, code: 1, report: path },
        { name: "e2e", ms: 3_000, code: null, report: join(dir, "none.json") },
      ],
      "/repo",
      600_000,
    );
    expect(lines[0]).toBe("npm test: 600.0 s in all (stages side by side; each stage's own time below)");
    expect(lines.slice(1, 4)).toEqual([
      "  lint            61.0 s  ok",
      "  unit            95.4 s  failed (exit 1)",
      "  e2e              3.0 s  stopped",
    ]);
    expect(lines[4]).toBe("slowest 10 of 12 files in unit (file times add up to 78.0 s):");
    expect(lines.slice(5)).toHaveLength(10);
    expect(lines[5]).toBe("     12.0 s  f11.test.ts");
    expect(lines[14]).toBe("      3.0 s  f2.test.ts");
  });
});
