import { describe, expect, it } from "vitest";
import { NOTION_REQUESTS_PER_SECOND, requestRate } from "./request-rate";

describe("NOTION_REQUESTS_PER_SECOND", () => {
  it("defaults to Notion's documented 3 requests a second when unset or blank", () => {
    expect(NOTION_REQUESTS_PER_SECOND).toBe(3);
    expect(requestRate(undefined)).toEqual({ rate: 3, error: null });
    expect(requestRate("  ")).toEqual({ rate: 3, error: null });
  });

  it("takes a whole number from 1 to 100", () => {
    expect(requestRate("1")).toEqual({ rate: 1, error: null });
    expect(requestRate(" 40 ")).toEqual({ rate: 40, error: null });
    expect(requestRate("100")).toEqual({ rate: 100, error: null });
  });

  it("falls back to 3 and says why for anything else", () => {
    for (const bad of ["0", "101", "2.5", "-3", "fast"]) {
      expect(requestRate(bad)).toEqual({
        rate: 3,
        error: `NOTION_REQUESTS_PER_SECOND must be a whole number from 1 to 100 (got ${JSON.stringify(bad)}); using 3`,
      });
    }
  });
});
