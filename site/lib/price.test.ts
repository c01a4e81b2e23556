import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_FORMAT as USD } from "#contract/price-format";
import { formatItemPrice, formatPrice } from "./price";

describe("prices", () => {
  it("item screens use a dollar sign and locale grouping by default", () => {
    expect(formatItemPrice(1250, USD)).toBe("$1,250");
    expect(formatItemPrice(1250.5, USD)).toBe("$1,250.5");
    expect(formatItemPrice(0, USD)).toBe("$0");
  });

  it("the price helper shows whole US dollars by default", () => {
    expect(formatPrice(1250, USD)).toBe("$1,250");
    expect(formatPrice(1250.5, USD)).toBe("$1,251");
    expect(formatPrice(45, USD)).toBe("$45");
  });

  it("both follow the dealer's currency and locale", () => {
    expect(formatItemPrice(1250.5, { currency: "EUR", locale: "fr-FR" })).toBe("1\u202f250,5\u00a0€");
    expect(formatPrice(1250.5, { currency: "GBP", locale: "en-GB" })).toBe("£1,251");
  });

  it("a missing price shows 'Not for sale'", () => {
    expect(formatItemPrice(null, USD)).toBe("Not for sale");
    expect(formatPrice(undefined, USD)).toBe("Not for sale");
    expect(formatPrice(Number.NaN, USD)).toBe("Not for sale");
  });
});
