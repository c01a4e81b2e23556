/** The closing lines of `npm test`: each stage's time and the slowest test files of each vitest stage (from its JSON report). */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

/** What `npm test` keeps of a vitest JSON report: one entry a test file. */
export type FileTime = { file: string; ms: number; failed: boolean };

/** One stage as the closing table shows it. */
export type StageTime = { name: string; ms: number; code: number | null; report?: string };

/** The test files of a vitest JSON report (`--reporter=json`) with their time, slowest first; [] when there is none. */
export function fileTimes(reportPath: string, root: string): FileTime[] {
  if (!existsSync(reportPath)) return [];
  const report = JSON.parse(readFileSync(reportPath, "utf8")) as {
    testResults?: { name: string; startTime?: number; endTime?: number; status?: string }[];
  };
  return (report.testResults ?? [])
    .map((r) => ({ file: relative(root, r.name), ms: Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)), failed: r.status === "failed" }))
    .sort((a, b) => b.ms - a.ms);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The closing report: every stage that ran with its time and result, then each vitest stage's `top` slowest files. */
export function timingReport(stages: StageTime[], root: string, wallMs: number, top = 10): string[] {
  const lines = [`npm test: ${seconds(wallMs)} in all (stages side by side; each stage's own time below)`];
  for (const stage of stages) {
    const result = stage.code === 0 ? "ok" : stage.code === null ? "stopped" : `failed (exit ${stage.code})`;
    lines.push(`  ${stage.name.padEnd(12)} ${seconds(stage.ms).padStart(9)}  ${result}`);
  }
  for (const stage of stages) {
    if (!stage.report) continue;
    const files = fileTimes(stage.report, root);
    if (files.length === 0) continue;
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    lines.push(
      `slowest ${Math.min(top, files.length)} of ${files.length} files in ${stage.name} (file times add up to ${seconds(total)}):`,
    );
    for (const f of files.slice(0, top)) lines.push(`  ${seconds(f.ms).padStart(9)}  ${f.file}${f.failed ? "  (failed)" : ""}`);
  }
  return lines;
}
