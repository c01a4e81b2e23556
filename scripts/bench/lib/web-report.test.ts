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
const item: BenchPage = { name: "item", path: "/gallery/slots/x", kind: "item" };
const script = (url: string) => ({ url, bytes: 100, gzipBytes: 50, encoding: "gzip" });

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
      target: 1000,
      ratio: 1,
      pass: true,
    });
    expect(summarise(home, [sample({ lcpMs: 1001 })]).checks[2]).toMatchObject({ metric: "LCP", target: 1000, pass: false });
  });

  it("holds content pages to 15 KB of JavaScript, listing and search pages to 80 KB and item pages to 70 KB, inclusive", () => {
    const js = (page: BenchPage, bytes: number) => summarise(page, [sample({ jsGzipBytes: bytes })]).checks[0];
    expect(js(home, 15 * 1024)).toMatchObject({ target: 15 * 1024, pass: true });
    expect(js(home, 15 * 1024 + 1)).toMatchObject({ pass: false });
    expect(js(listing, 60 * 1024)).toMatchObject({ target: 80 * 1024, pass: true, ratio: 60 / 80 });
    expect(js(listing, 81 * 1024)).toMatchObject({ pass: false });
    expect(js(item, 70 * 1024)).toMatchObject({ target: 70 * 1024, pass: true });
    expect(js(item, 71 * 1024)).toMatchObject({ pass: false });
  });

  it("counts the script files a page loaded, at most 12", () => {
    const files = (n: number) =>
      summarise(listing, [sample({ scripts: Array.from({ length: n }, (_, i) => script(`/_astro/${i}.js`)) })]).checks[1];
    expect(files(12)).toMatchObject({ metric: "script files", value: 12, target: 12, pass: true });
    expect(files(13)).toMatchObject({ value: 13, pass: false });
  });

  it("requires CLS strictly below 0.05 and fails an LCP that was never reported", () => {
    expect(summarise(home, [sample({ cls: 0.05 })]).checks[3]).toMatchObject({ metric: "CLS", pass: false, ratio: 1 });
    expect(summarise(home, [sample({ cls: 0.049 })]).checks[3].pass).toBe(true);
    expect(summarise(home, [sample({ lcpMs: null })]).checks[2]).toMatchObject({ value: null, ratio: null, pass: false });
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
    expect(table).toContain("<= 80.0 KB");
    expect(line("Script files")).toEqual(["Script files", "0", "0"]);
    expect(line("LCP")).toEqual(["LCP", "900 ms", "1200 ms"]);
    const verdicts = table
      .split("\n")
      .filter((l) => l.trim().startsWith("verdict"))
      .map((l) => l.trim().split(/\s+/).slice(1));
    expect(verdicts).toEqual([
      ["FAIL", "PASS"],
      ["PASS", "PASS"],
      ["PASS", "FAIL"],
      ["PASS", "PASS"],
    ]);
  });
});
