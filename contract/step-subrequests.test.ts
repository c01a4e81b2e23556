import { describe, expect, it } from "vitest";
import { parseStepSubrequests } from "./step-subrequests";

describe("SYNC_STEP_SUBREQUESTS", () => {
  it("is 50 when unset or empty", () => {
    expect(parseStepSubrequests(undefined)).toEqual({ budget: 50, error: null });
    expect(parseStepSubrequests(" ")).toEqual({ budget: 50, error: null });
  });

  it("takes a whole number from 50 to 10,000", () => {
    expect(parseStepSubrequests("50")).toEqual({ budget: 50, error: null });
    expect(parseStepSubrequests(" 1000 ")).toEqual({ budget: 1000, error: null });
    expect(parseStepSubrequests("10000")).toEqual({ budget: 10_000, error: null });
  });

  it("refuses anything else, naming the value, and falls back to 50", () => {
    for (const bad of ["49", "10001", "1e3x", "abc", "100.5", "-50"]) {
      const read = parseStepSubrequests(bad);
      expect(read.budget).toBe(50);
      expect(read.error).toBe(`SYNC_STEP_SUBREQUESTS must be a whole number from 50 to 10000 (got ${JSON.stringify(bad)}); using 50`);
    }
  });
});
