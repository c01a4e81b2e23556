// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { BACK_LINK_SCRIPT, backHref, parseItemRoute, type SourcePage } from "./item-route";

describe("item route", () => {
  it("takes gallery and for-sale item addresses of known categories apart, the id from the end of the last segment", () => {
    const id = "0f0e0d0c-0b0a-4908-8706-050403020100";
    expect(parseItemRoute("/gallery/slots/mills-hi-top-0f0e0d0c0b0a49088706050403020100")).toEqual({
      sourcePage: "gallery",
      category: "slots",
      id,
    });
    expect(parseItemRoute("/for-sale/trade-stimulators/0f0e0d0c0b0a49088706050403020100/")).toEqual({
      sourcePage: "for-sale",
      category: "trade-stimulators",
      id,
    });
    expect(parseItemRoute(`/gallery/toys/${id}`)).toEqual({ sourcePage: "gallery", category: "toys", id });
  });

  it("refuses unknown categories, other sections, listings and deeper paths", () => {
    for (const path of [
      "/gallery/robots/0f0e0d0c0b0a49088706050403020100",
      "/shop/slots/0f0e0d0c0b0a49088706050403020100",
      "/gallery/slots",
      "/gallery/slots/0f0e0d0c0b0a49088706050403020100/2",
      "/slots/0f0e0d0c0b0a49088706050403020100",
      "/gallery/slots/mills-hi-top",
      "/gallery/slots/%E0%A4%A",
      "/no-such-page/at-all",
    ]) {
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

describe("back link inline script", () => {
  /** The href the inline script gives a prerendered link (section and category in its data attributes) on an item address with `search`. */
  function scriptedHref(search: string, source: SourcePage, category: string): string | null {
    history.replaceState(null, "", `/${source}/${category}/abc${search}`);
    document.body.innerHTML = `<a href="/${source}/${category}?page=1" data-back-link data-source="${source}" data-category="${category}">Back</a>`;
    // As the parser runs it: a classic script, in the page's global scope.
    new Function(BACK_LINK_SCRIPT)();
    return document.querySelector("a")!.getAttribute("href");
  }

  it("sets the same href as backHref for every query the address may carry", () => {
    const cases: [string, SourcePage, string][] = [
      ["", "gallery", "slots"],
      ["?page=3", "gallery", "slots"],
      ["?from=for-sale&page=4", "gallery", "parts"],
      ["?from=gallery&page=2", "for-sale", "toys"],
      ["?from=elsewhere&page=2", "for-sale", "parts"],
      ["?from=&page=7", "for-sale", "arcades"],
      ["?page=abc", "for-sale", "toys"],
      ["?page=0", "gallery", "vending"],
      ["?page=-2", "gallery", "vending"],
      ["?page=12.9", "for-sale", "advertising"],
      ["?page=5&page=9", "gallery", "trade-stimulators"],
    ];
    for (const [search, source, category] of cases)
      expect(scriptedHref(search, source, category), search).toBe(backHref(search, source, category));
  });

  it("is one static text with no closing tag inside, so one CSP hash covers it", () => {
    expect(BACK_LINK_SCRIPT).not.toMatch(/<\/script/i);
    expect(BACK_LINK_SCRIPT.length).toBeLessThan(400);
  });
});
