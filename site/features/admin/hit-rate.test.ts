import { describe, expect, it } from "vitest";
import { hitRate } from "./hit-rate";

describe("hit rate", () => {
  it("is hits over all lookups with one decimal, 0% before any", () => {
    expect(hitRate({ hits: 3, misses: 1 })).toBe("75.0%");
    expect(hitRate({ hits: 0, misses: 0 })).toBe("0%");
    expect(hitRate(undefined)).toBe("0%");
  });
});
