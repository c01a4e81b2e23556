/** The numbers `npm run bench:scale` measures at one catalogue size, and the side-by-side table it prints. */

/** What one size's run measured; null where the worker does not report a number. */
export type ScaleResult = {
  items: number;
  /** The worker's SYNC_STEP_SUBREQUESTS for this run. */
  budget: number;
  sync: { seconds: number; requests: number };
  /**
   * The full sync's workflow steps, the D1 rows its queries read and wrote (D1's own counts, single-row look-ups
   * aside), the files it copied into R2, and the D1 database's size on disk after it.
   */
  usage: { steps: number; rowsRead: number; rowsWritten: number; files: number; d1Bytes: number };
  /**
   * The most subrequests and wall-clock ms any one invocation (workflow step) used, from GET /api/admin/sync-runs; and
   * the most CPU ms workerd used during any one step's window (an upper bound of the step's own CPU time).
   */
  step: { subrequests: number | null; ms: number | null; cpuMs: number | null };
  build: { seconds: number; pages: number; files: number };
  /** Edit -> live page, and the rebuild's time until ready to publish (no wait for a quiet sync or the worker's reload). */
  webhook: { seconds: number; buildSeconds: number | null };
  syncData: { seconds: number; buildSeconds: number | null };
};

/** Notion's rate limit the benchmark runs at: the floor of a sync is its requests divided by this. */
export const REQUESTS_PER_SECOND = 3;

const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const n = (value: number) => value.toLocaleString("en-US");
const orNa = (value: number | null, unit = "") => (value === null ? "n/a" : `${n(value)}${unit}`);

/** The rows of the table: a label and one cell per result. */
function scaleRows(results: ScaleResult[]): [string, ...string[]][] {
  const row = (label: string, cell: (r: ScaleResult) => string): [string, ...string[]] => [label, ...results.map(cell)];
  return [
    row("full sync", (r) => s(r.sync.seconds)),
    row("  Notion requests", (r) => n(r.sync.requests)),
    row(`  floor (requests / ${REQUESTS_PER_SECOND} per s)`, (r) => s(r.sync.requests / REQUESTS_PER_SECOND)),
    row("  ratio to the floor", (r) =>
      r.sync.requests ? `${(r.sync.seconds / (r.sync.requests / REQUESTS_PER_SECOND)).toFixed(2)}x` : "n/a",
    ),
    row("  workflow steps", (r) => n(r.usage.steps)),
    row("  D1 rows read / written", (r) => `${n(r.usage.rowsRead)} / ${n(r.usage.rowsWritten)}`),
    row("  files copied into R2", (r) => n(r.usage.files)),
    row("D1 database size", (r) => `${(r.usage.d1Bytes / 1024 / 1024).toFixed(1)} MB`),
    row("most subrequests in one invocation", (r) => orNa(r.step.subrequests)),
    row("most wall ms in one invocation", (r) => orNa(r.step.ms, " ms")),
    row("most CPU ms in one invocation", (r) => orNa(r.step.cpuMs, " ms")),
    row("first full build", (r) => s(r.build.seconds)),
    row("  pages", (r) => n(r.build.pages)),
    row("  files in dist/", (r) => n(r.build.files)),
    row("edit -> live page, webhook", (r) => s(r.webhook.seconds)),
    row("  its incremental build alone", (r) => (r.webhook.buildSeconds === null ? "n/a" : s(r.webhook.buildSeconds))),
    row("edit -> live page, Sync Data", (r) => s(r.syncData.seconds)),
    row("  its incremental build alone", (r) => (r.syncData.buildSeconds === null ? "n/a" : s(r.syncData.buildSeconds))),
  ];
}

/** The results side by side: one column per size and step budget (`N=1,000 @50 | N=1,000 @1000`), numbers right-aligned. */
export function scaleTable(results: ScaleResult[]): string {
  const header: [string, ...string[]] = ["", ...results.map((r) => `N=${n(r.items)} @${r.budget}`)];
  const rows = [header, ...scaleRows(results)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join(" | ")
        .trimEnd(),
    )
    .join("\n");
}
