import { describe, expect, it } from "vitest";
import { formatItemPrice, formatPrice } from "./price";

describe("prices", () => {
  it("item screens use a dollar sign and locale grouping", () => {
    expect(formatItemPrice(1250)).toBe("$1,250");
    expect(formatItemPrice(1250.5)).toBe("$1,250.5");
    expect(formatItemPrice(0)).toBe("$0");
  });

  it("the price helper shows whole US dollars", () => {
    expect(formatPrice(1250)).toBe("$1,250");
    expect(formatPrice(1250.5)).toBe("$1,251");
    expect(formatPrice(45)).toBe("$45");
  });

  it("a missing price shows 'Not for sale'", () => {
    expect(formatItemPrice(null)).toBe("Not for sale");
    expect(formatPrice(undefined)).toBe("Not for sale");
    expect(formatPrice(Number.NaN)).toBe("Not for sale");
  });
});
