import { describe, expect, it } from "vitest";
import type { PageSample } from "./web-metrics.ts";
import { formatTable, median, summarise, type BenchPage } from "./web-report.ts";

const sample = (over: Partial<PageSample>): PageSample => ({
  jsGzipBytes: 10_000,
  externalJsGzipBytes: 9_000,
  inlineJsGzipBytes: 1_000,
  totalTransferBytes: 40_000,
  totalGzipEstimateBytes: 40_000,
  requests: 9,
  lcpMs: 900,
  fcpMs: 800,
  cls: 0,
  lcpElement: "img",
  lcpParts: null,
  scripts: [],
  shifts: [],
  consoleErrors: [],
  ...over,
});
const home: BenchPage = { name: "home", path: "/", kind: "content" };
const listing: BenchPage = { name: "listing", path: "/gallery/slots", kind: "listing" };

describe("median", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("skips missing values and is null when none is left", () => {
    expect(median([null, 7, null])).toBe(7);
    expect(median([null])).toBeNull();
  });
});

describe("summarise", () => {
  it("checks the median of the runs, not one run", () => {
    const result = summarise(home, [sample({ lcpMs: 900 }), sample({ lcpMs: 4000 }), sample({ lcpMs: 1000 })]);
    expect(result.median.lcpMs).toBe(1000);
    expect(result.checks.find((c) => c.metric === "LCP")).toEqual({
      metric: "LCP",
      value: 1000,
      target: 1500,
      ratio: 1000 / 1500,
      pass: true,
    });
  });

  it("holds a page with its own LCP target to it", () => {
    const search: BenchPage = { name: "search", path: "/search?q=mills", kind: "listing", lcpTargetMs: 1000 };
    expect(summarise(search, [sample({ lcpMs: 1000 })]).checks[1]).toMatchObject({ metric: "LCP", target: 1000, pass: true });
    expect(summarise(search, [sample({ lcpMs: 1001 })]).checks[1]).toMatchObject({ target: 1000, pass: false });
  });

  it("holds content pages to 15 KB of JavaScript and listing pages to 90 KB, inclusive", () => {
    const js = (page: BenchPage, bytes: number) => summarise(page, [sample({ jsGzipBytes: bytes })]).checks[0];
    expect(js(home, 15 * 1024)).toMatchObject({ target: 15 * 1024, pass: true });
    expect(js(home, 15 * 1024 + 1)).toMatchObject({ pass: false });
    expect(js(listing, 60 * 1024)).toMatchObject({ target: 90 * 1024, pass: true, ratio: 60 / 90 });
    expect(js(listing, 91 * 1024)).toMatchObject({ pass: false });
  });

  it("requires CLS strictly below 0.05 and fails an LCP that was never reported", () => {
    expect(summarise(home, [sample({ cls: 0.05 })]).checks[2]).toMatchObject({ metric: "CLS", pass: false, ratio: 1 });
    expect(summarise(home, [sample({ cls: 0.049 })]).checks[2].pass).toBe(true);
    expect(summarise(home, [sample({ lcpMs: null })]).checks[1]).toMatchObject({ value: null, ratio: null, pass: false });
  });
});

describe("formatTable", () => {
  it("puts the pages side by side with each metric's value, target, ratio and verdict", () => {
    const table = formatTable([summarise(home, [sample({ jsGzipBytes: 20 * 1024 })]), summarise(listing, [sample({ lcpMs: 1200 })])]);
    const line = (label: string) =>
      table
        .split("\n")
        .find((l) => l.startsWith(label))!
        .split(/\s{2,}/)
        .filter(Boolean);
    expect(line("JavaScript, gzip")).toEqual(["JavaScript, gzip", "20.0 KB", "9.8 KB"]);
    expect(table).toContain("<= 15.0 KB");
    expect(table).toContain("<= 90.0 KB");
    expect(line("LCP")).toEqual(["LCP", "900 ms", "1200 ms"]);
    const verdicts = table
      .split("\n")
      .filter((l) => l.trim().startsWith("verdict"))
      .map((l) => l.trim().split(/\s+/).slice(1));
    expect(verdicts).toEqual([
      ["FAIL", "PASS"],
      ["PASS", "PASS"],
      ["PASS", "PASS"],
    ]);
  });
});
