import { describe, expect, it } from "vitest";
import { defaultImageFor, hasPhotos, itemImages, itemImageUrl } from "./images";

describe("item images", () => {
  it("have a default per category and a generic one", () => {
    expect(defaultImageFor("slots")).toBe("/images/defaults/slots.svg");
    expect(defaultImageFor("toys")).toBe("/images/defaults/toys.svg");
    expect(defaultImageFor("unknown")).toBe("/images/defaults/generic.svg");
  });

  it("fall back to the category default when missing", () => {
    expect(itemImageUrl({ category: "vending", mainImageUrl: null })).toBe("/images/defaults/vending.svg");
    expect(itemImages({ category: "parts", mainImageUrl: "", additionalImageUrls: [] })).toEqual(["/images/defaults/parts.svg"]);
    expect(itemImages({ category: "parts", mainImageUrl: "/a", additionalImageUrls: ["/b", "/a"] })).toEqual(["/a", "/b"]);
  });

  it("offers the lightbox for an item's photos, not for its category's default picture", () => {
    expect(hasPhotos(["/media/notion/abc/mills.png"], "slots")).toBe(true);
    expect(hasPhotos(["/images/defaults/slots.svg"], "slots")).toBe(false);
    expect(hasPhotos(["/images/defaults/slots.svg", "/media/notion/abc/mills.png"], "slots")).toBe(true);
    expect(hasPhotos([], "slots")).toBe(false);
  });
});
