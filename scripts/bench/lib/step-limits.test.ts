import { describe, expect, it } from "vitest";
import { maxStepLimits } from "./step-limits.ts";

describe("the most one invocation used, from the sync history", () => {
  it("takes the largest maxStepSubrequests and maxStepMs over the runs that report them", () => {
    const runs = [
      { kind: "full", maxStepSubrequests: 40, maxStepMs: 900 },
      { kind: "table", maxStepSubrequests: 48, maxStepMs: null },
      { kind: "schema" },
    ];
    expect(maxStepLimits({ runs })).toEqual({ subrequests: 48, ms: 900 });
  });

  it("says null (printed n/a) when no run reports them, rather than a number", () => {
    expect(maxStepLimits({ runs: [{ kind: "full", message: "ok" }] })).toEqual({ subrequests: null, ms: null });
  });

  it("refuses an answer that is not a run list", () => {
    expect(() => maxStepLimits({ error: "Sign in" })).toThrow();
  });
});
