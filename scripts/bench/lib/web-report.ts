import type { PageSample } from "./web-metrics.ts";

/** A page the benchmark loads and which JavaScript budget applies to it. */
export type BenchPage = { name: string; path: string; kind: keyof typeof TARGETS.jsBytes };

/** The targets: JS (gzip, as sent) per page kind, script files on a page that has islands, LCP, CLS (strictly below). */
export const TARGETS = {
  jsBytes: { content: 15 * 1024, listing: 80 * 1024, search: 80 * 1024, item: 70 * 1024 },
  scriptFiles: 12,
  lcpMs: 1000,
  cls: 0.05,
} as const;

/** One metric of one page: median value, its target, ratio to the target and the verdict. */
type Check = { metric: string; value: number | null; target: number; ratio: number | null; pass: boolean };

/** The metrics a page's samples are summarised by, each as its median. */
type Metric =
  | "jsGzipBytes"
  | "scriptFiles"
  | "externalJsGzipBytes"
  | "inlineJsGzipBytes"
  | "totalTransferBytes"
  | "totalGzipEstimateBytes"
  | "requests"
  | "fcpMs"
  | "lcpMs"
  | "cls";

/** A page's medians, checks (JS, LCP, CLS) and raw samples. */
export type PageResult = {
  page: BenchPage;
  median: Record<Metric, number | null>;
  checks: [js: Check, files: Check, lcp: Check, cls: Check];
  lcpElements: string[];
  samples: PageSample[];
};

/** Median of the numbers present (null when none). */
export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid];
  if (upper === undefined) return null;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

function check(metric: string, value: number | null, target: number, strict = false): Check {
  const ratio = value === null ? null : value / target;
  return { metric, value, target, ratio, pass: value !== null && (strict ? value < target : value <= target) };
}

/** Medians of every metric and the pass/fail checks against the targets. */
export function summarise(page: BenchPage, samples: PageSample[]): PageResult {
  const of = (pick: (s: PageSample) => number | null) => median(samples.map(pick));
  const m = {
    jsGzipBytes: of((s) => s.jsGzipBytes),
    scriptFiles: of((s) => s.scripts.length),
    externalJsGzipBytes: of((s) => s.externalJsGzipBytes),
    inlineJsGzipBytes: of((s) => s.inlineJsGzipBytes),
    totalTransferBytes: of((s) => s.totalTransferBytes),
    totalGzipEstimateBytes: of((s) => s.totalGzipEstimateBytes),
    requests: of((s) => s.requests),
    fcpMs: of((s) => s.fcpMs),
    lcpMs: of((s) => s.lcpMs),
    cls: of((s) => s.cls),
  };
  const checks: PageResult["checks"] = [
    check("JS gzip", m.jsGzipBytes, TARGETS.jsBytes[page.kind]),
    check("script files", m.scriptFiles, TARGETS.scriptFiles),
    check("LCP", m.lcpMs, TARGETS.lcpMs),
    check("CLS", m.cls, TARGETS.cls, true),
  ];
  const lcpElements = [...new Set(samples.map((s) => s.lcpElement ?? "(none)"))];
  return { page, median: m, checks, lcpElements, samples };
}

const kb = (bytes: number | null) => (bytes === null ? "–" : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number | null) => (value === null ? "–" : `${Math.round(value)} ms`);
const num = (value: number | null) => (value === null ? "–" : value.toFixed(3));

/** The side-by-side table: one column per page, rows for each metric; targeted rows show target, ratio and PASS/FAIL. */
export function formatTable(results: PageResult[]): string {
  const width = 26;
  const label = 30;
  const row = (name: string, cells: string[]) => name.padEnd(label) + cells.map((c) => c.padStart(width)).join("");
  const lines = [
    row(
      "",
      results.map((r) => `${r.page.name} ${r.page.path.length > 18 ? r.page.path.slice(0, 15) + "…" : r.page.path}`),
    ),
  ];
  lines.push("-".repeat(label + width * results.length));
  const targeted = (name: string, index: 0 | 1 | 2 | 3, format: (v: number | null) => string, targetText: (c: Check) => string) => {
    lines.push(
      row(
        name,
        results.map((r) => format(r.checks[index].value)),
      ),
    );
    lines.push(
      row(
        "  target",
        results.map((r) => targetText(r.checks[index])),
      ),
    );
    lines.push(
      row(
        "  ratio to target",
        results.map((r) => (r.checks[index].ratio === null ? "–" : r.checks[index].ratio!.toFixed(2))),
      ),
    );
    lines.push(
      row(
        "  verdict",
        results.map((r) => (r.checks[index].pass ? "PASS" : "FAIL")),
      ),
    );
  };
  targeted("JavaScript, gzip", 0, kb, (c) => `<= ${kb(c.target)}`);
  lines.push(
    row(
      "  of which external files",
      results.map((r) => kb(r.median.externalJsGzipBytes)),
    ),
  );
  lines.push(
    row(
      "  of which inline in HTML",
      results.map((r) => kb(r.median.inlineJsGzipBytes)),
    ),
  );
  targeted(
    "Script files",
    1,
    (v) => (v === null ? "–" : String(v)),
    (c) => `<= ${c.target}`,
  );
  lines.push(
    row(
      "Total transfer, as sent",
      results.map((r) => kb(r.median.totalTransferBytes)),
    ),
  );
  if (results.some((r) => r.median.totalGzipEstimateBytes !== r.median.totalTransferBytes)) {
    lines.push(
      row(
        "Total transfer, if gzip -9",
        results.map((r) => kb(r.median.totalGzipEstimateBytes)),
      ),
    );
  }
  lines.push(
    row(
      "Requests",
      results.map((r) => String(r.median.requests ?? "–")),
    ),
  );
  lines.push(
    row(
      "FCP (info)",
      results.map((r) => ms(r.median.fcpMs)),
    ),
  );
  targeted("LCP", 2, ms, (c) => `<= ${ms(c.target)}`);
  targeted("CLS", 3, num, (c) => `< ${c.target}`);
  return lines.join("\n");
}

/** What the table cannot show: each page's LCP element(s), scripts by size, and the layout shifts that counted. */
export function formatDetails(results: PageResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${r.page.name} (${r.page.path})`);
    for (const element of r.lcpElements) lines.push(`  LCP element: ${element}`);
    const part = (pick: (p: NonNullable<PageSample["lcpParts"]>) => number) =>
      ms(median(r.samples.map((s) => (s.lcpParts ? pick(s.lcpParts) : null))));
    lines.push(
      `  LCP parts (medians): TTFB ${part((p) => p.ttfbMs)}, resource load delay ${part((p) => p.loadDelayMs)}, load time ${part((p) => p.loadTimeMs)}, render delay ${part((p) => p.renderDelayMs)}`,
    );
    const scripts = [...(r.samples[0]?.scripts ?? [])].sort((a, b) => b.gzipBytes - a.gzipBytes);
    for (const s of scripts) lines.push(`  script ${kb(s.gzipBytes).padStart(9)} gzip ${kb(s.bytes).padStart(9)} raw  ${s.url}`);
    for (const error of new Set(r.samples.flatMap((s) => s.consoleErrors))) lines.push(`  console error: ${error.slice(0, 160)}`);
    const shifts = r.samples.flatMap((s) => s.shifts).filter((s) => s.value >= 0.001);
    for (const s of shifts.slice(0, 6))
      lines.push(`  shift ${s.value.toFixed(4)} at ${Math.round(s.atMs)} ms: ${s.sources.join(", ") || "(no source)"}`);
  }
  return lines.join("\n");
}
