import { describe, expect, it } from "vitest";
import { cumulativeLayoutShift } from "./vitals-observer.ts";

const shift = (atMs: number, value: number, hadRecentInput = false) => ({ atMs, value, hadRecentInput });

describe("cumulativeLayoutShift (web-vitals session windows)", () => {
  it("is 0 without shifts", () => {
    expect(cumulativeLayoutShift([])).toBe(0);
  });

  it("adds shifts less than 1 s apart into one window", () => {
    expect(cumulativeLayoutShift([shift(100, 0.01), shift(900, 0.02), shift(1800, 0.03)])).toBeCloseTo(0.06, 10);
  });

  it("starts a new window after a gap of 1 s or more and keeps the largest window", () => {
    expect(cumulativeLayoutShift([shift(100, 0.01), shift(200, 0.01), shift(1200, 0.015)])).toBeCloseTo(0.02, 10);
    expect(cumulativeLayoutShift([shift(100, 0.01), shift(1100, 0.04)])).toBeCloseTo(0.04, 10);
  });

  it("closes a window once it spans 5 s, even with shifts close together", () => {
    const steady = Array.from({ length: 12 }, (_, i) => shift(i * 800, 0.01));
    // 0, 800, ..., 4800 fit in the first window (7 shifts); 5600 starts the next one.
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.07, 10);
  });

  it("ignores shifts right after user input", () => {
    expect(cumulativeLayoutShift([shift(100, 0.3, true), shift(200, 0.01)])).toBeCloseTo(0.01, 10);
  });

  it("orders shifts by time before grouping them", () => {
    expect(cumulativeLayoutShift([shift(1800, 0.03), shift(100, 0.01), shift(900, 0.02)])).toBeCloseTo(0.06, 10);
  });
});
