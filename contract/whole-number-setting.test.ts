import { describe, expect, it } from "vitest";
import { parseStepBudget } from "./step-budget";
import { wholeNumberSetting } from "./whole-number-setting";

describe("a whole-number setting", () => {
  const read = (value: string | undefined) => wholeNumberSetting("A_SETTING", value, 5, 500, 7);

  it("gives its fallback when unset or blank", () => {
    expect(read(undefined)).toEqual({ value: 7, error: null });
    expect(read(" ")).toEqual({ value: 7, error: null });
  });

  it("takes a whole number within its range, spaces around it allowed", () => {
    expect(read("5")).toEqual({ value: 5, error: null });
    expect(read(" 42 ")).toEqual({ value: 42, error: null });
    expect(read("500")).toEqual({ value: 500, error: null });
  });

  it("refuses anything else, naming the setting and the value, and falls back", () => {
    for (const bad of ["4", "501", "1e3x", "abc", "10.5", "-5"])
      expect(read(bad)).toEqual({
        value: 7,
        error: `A_SETTING must be a whole number from 5 to 500 (got ${JSON.stringify(bad)}); using 7`,
      });
  });
});

describe("SYNC_STEP_SUBREQUESTS", () => {
  it("is a whole number from 50 to 10,000, 50 when unset or out of range", () => {
    expect(parseStepBudget(undefined)).toEqual({ budget: 50, error: null });
    expect(parseStepBudget("10000")).toEqual({ budget: 10_000, error: null });
    expect(parseStepBudget("49")).toEqual({
      budget: 50,
      error: 'SYNC_STEP_SUBREQUESTS must be a whole number from 50 to 10000 (got "49"); using 50',
    });
  });
});
