import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_FORMAT as USD, isKnownCurrency, isKnownLocale, itemPriceText, wholePriceText } from "./price-format";

describe("prices in the dealer's format", () => {
  it("writes US dollars as the site always did by default: grouped on item screens, whole elsewhere", () => {
    expect(itemPriceText(1250.5, USD)).toBe("$1,250.5");
    expect(itemPriceText(1250, USD)).toBe("$1,250");
    expect(wholePriceText(1250.5, USD)).toBe("$1,251");
    expect(itemPriceText(null, USD)).toBe("Not for sale");
    expect(wholePriceText(Number.NaN, USD)).toBe("Not for sale");
    expect(wholePriceText(undefined, USD)).toBe("Not for sale");
  });

  it("follows another currency and locale", () => {
    const euro = { currency: "EUR", locale: "de-DE" };
    expect(itemPriceText(1250.5, euro)).toBe("1.250,5\u00a0€");
    expect(wholePriceText(1250.5, euro)).toBe("1.251\u00a0€");
    expect(wholePriceText(980, { currency: "GBP", locale: "en-GB" })).toBe("£980");
    expect(wholePriceText(150000, { currency: "JPY", locale: "ja-JP" })).toBe("￥150,000");
  });

  it("knows real currency codes and canonical locales only", () => {
    expect(["USD", "EUR", "CHF", "JPY"].every(isKnownCurrency)).toBe(true);
    expect(["usd", "XYZ", "EURO", ""].some(isKnownCurrency)).toBe(false);
    expect(["en-US", "de-CH", "fr", "sr-Latn-RS"].every(isKnownLocale)).toBe(true);
    expect(["en-us", "xx", "not a locale", "", "en_US"].some(isKnownLocale)).toBe(false);
  });
});
