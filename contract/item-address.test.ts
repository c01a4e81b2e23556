import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, itemAddress, itemPagePath, itemSlug, parseItemAddress } from "./item-address";

const ID = "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
const HEX = "1a2b3c4d5e6f4a8b9c0d1e2f3a4b5c6d";

describe("itemSlug", () => {
  it("keeps a title's words, lowercase, joined by dashes", () => {
    expect(itemSlug("Mills Hi-Top 1931")).toBe("mills-hi-top-1931");
    expect(itemSlug("  Jennings   Standard Chief 25¢ ")).toBe("jennings-standard-chief-25");
    expect(itemSlug('Caille & Bros. — "Detroit" (restored)')).toBe("caille-bros-detroit-restored");
  });

  it("folds diacritics and letters without a decomposition to ASCII, and drops apostrophes", () => {
    expect(itemSlug("Père Noël Automate à Café")).toBe("pere-noel-automate-a-cafe");
    expect(itemSlug("Straßen-Automat Øresund Łódź")).toBe("strassen-automat-oresund-lodz");
    expect(itemSlug("Dealer’s Choice O'Brien")).toBe("dealers-choice-obrien");
    expect(itemSlug("Ｗｉｄｅ ｆｕｌｌｗｉｄｔｈ ½")).toBe("wide-fullwidth-1-2");
  });

  it("is empty for a title with no ASCII word left", () => {
    expect(itemSlug(null)).toBe("");
    expect(itemSlug("")).toBe("");
    expect(itemSlug("🎰 ★ —")).toBe("");
    expect(itemSlug("自動販売機")).toBe("");
  });

  it("cuts a long title at the last whole word within the limit", () => {
    const title = "The Mills Novelty Company Castle Front Five Cent Bell Machine With Original Jackpot";
    const slug = itemSlug(title);
    expect(slug).toBe("the-mills-novelty-company-castle-front-five-cent-bell");
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    // A word ending exactly at the limit is kept whole.
    const exact = `${"a".repeat(29)} ${"b".repeat(30)} tail`;
    expect(itemSlug(exact)).toBe(`${"a".repeat(29)}-${"b".repeat(30)}`);
    // One word longer than the limit is cut inside it rather than lost.
    expect(itemSlug("x".repeat(80))).toBe("x".repeat(SLUG_MAX_LENGTH));
  });
});

describe("item addresses", () => {
  it("writes the slug, then the id's 32 hex digits", () => {
    expect(itemAddress({ id: ID, title: "Mills Hi-Top 1931" })).toBe(`mills-hi-top-1931-${HEX}`);
    expect(itemAddress({ id: ID.toUpperCase(), title: "🎰" })).toBe(HEX);
    expect(itemPagePath("gallery", { id: ID, category: "slots", title: "Mills Hi-Top 1931" })).toBe(
      `/gallery/slots/mills-hi-top-1931-${HEX}`,
    );
    expect(itemPagePath("for-sale", { id: ID, category: "toys", title: null })).toBe(`/for-sale/toys/${HEX}`);
  });

  it("reads the id back from any slug, a bare id, or the dashed id older addresses used", () => {
    expect(parseItemAddress(`mills-hi-top-1931-${HEX}`)).toEqual({ id: ID, slug: "mills-hi-top-1931" });
    expect(parseItemAddress(`an-old-title-${HEX.toUpperCase()}`)).toEqual({ id: ID, slug: "an-old-title" });
    expect(parseItemAddress(HEX)).toEqual({ id: ID, slug: "" });
    expect(parseItemAddress(ID)).toEqual({ id: ID, slug: "" });
    expect(parseItemAddress(ID.toUpperCase())).toEqual({ id: ID, slug: "" });
    const address = itemAddress({ id: ID, title: "Père Noël" });
    expect(parseItemAddress(address)?.id).toBe(ID);
  });

  it("refuses a segment that ends in no id", () => {
    for (const segment of ["", "mills-hi-top", HEX.slice(1), `mills${HEX}`, `-${HEX}`, `${HEX}-`, `x-${HEX.slice(0, 31)}g`, "../etc"])
      expect(parseItemAddress(segment)).toBeNull();
  });
});
