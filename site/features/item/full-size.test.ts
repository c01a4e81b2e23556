import { describe, expect, it } from "vitest";
import { fullSizeUrl, hasPhotos } from "./full-size";

describe("full-size photos", () => {
  it("shows a synced file at the worker's largest copy and any other image as it is", () => {
    expect(fullSizeUrl("/media/notion/abc/mills.png")).toBe("/media/w/1600/notion/abc/mills.png");
    expect(fullSizeUrl("https://images.example.com/mills.jpg")).toBe("https://images.example.com/mills.jpg");
    expect(fullSizeUrl("/media/w/400/notion/abc/mills.png")).toBe("/media/w/400/notion/abc/mills.png");
  });

  it("offers the lightbox for an item's photos, not for its category's default picture", () => {
    expect(hasPhotos(["/media/notion/abc/mills.png"], "slots")).toBe(true);
    expect(hasPhotos(["/images/defaults/slots.svg"], "slots")).toBe(false);
    expect(hasPhotos(["/images/defaults/slots.svg", "/media/notion/abc/mills.png"], "slots")).toBe(true);
    expect(hasPhotos([], "slots")).toBe(false);
  });
});
