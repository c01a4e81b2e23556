import { describe, expect, it } from "vitest";
import { NOTION_REQUESTS_PER_SECOND, requestRate } from "./request-rate";

describe("NOTION_REQUESTS_PER_SECOND", () => {
  it("is a whole number from 1 to 100, Notion's documented 3 when unset or out of range", () => {
    expect(NOTION_REQUESTS_PER_SECOND).toBe(3);
    expect(requestRate(undefined)).toEqual({ rate: 3, error: null });
    expect(requestRate("1")).toEqual({ rate: 1, error: null });
    expect(requestRate(" 100 ")).toEqual({ rate: 100, error: null });
    expect(requestRate("101")).toEqual({
      rate: 3,
      error: 'NOTION_REQUESTS_PER_SECOND must be a whole number from 1 to 100 (got "101"); using 3',
    });
  });
});
