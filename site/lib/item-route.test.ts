import { describe, expect, it } from "vitest";
import { backHref, parseItemRoute } from "./item-route";

describe("item route", () => {
  it("takes gallery and for-sale item addresses of known categories apart", () => {
    expect(parseItemRoute("/gallery/slots/abc-123")).toEqual({ sourcePage: "gallery", category: "slots", id: "abc-123" });
    expect(parseItemRoute("/for-sale/trade-stimulators/x%20y/")).toEqual({ sourcePage: "for-sale", category: "trade-stimulators", id: "x y" });
  });

  it("refuses unknown categories, other sections, listings and deeper paths", () => {
    for (const path of ["/gallery/robots/1", "/shop/slots/1", "/gallery/slots", "/gallery/slots/1/2", "/slots/1", "/gallery/slots/%E0%A4%A", "/no-such-page/at-all"]) {
      expect(parseItemRoute(path), path).toBeNull();
    }
  });
});

describe("back link", () => {
  it("returns to this page's own listing at page 1 without query values", () => {
    expect(backHref("", "for-sale", "slots")).toBe("/for-sale/slots?page=1");
  });

  it("follows `from` (for-sale, anything else is gallery) and the remembered page", () => {
    expect(backHref("?from=for-sale&page=4", "gallery", "parts")).toBe("/for-sale/parts?page=4");
    expect(backHref("?from=elsewhere&page=2", "for-sale", "parts")).toBe("/gallery/parts?page=2");
    expect(backHref("?page=abc", "gallery", "toys")).toBe("/gallery/toys?page=1");
  });
});
