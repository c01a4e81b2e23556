import { describe, expect, it } from "vitest";
import { offsetFor, visibleThumbnails } from "./thumbnails";

describe("thumbnail strip", () => {
  it("shows 3, 4 or 5 thumbnails by width", () => {
    expect(visibleThumbnails(375)).toBe(3);
    expect(visibleThumbnails(639)).toBe(3);
    expect(visibleThumbnails(640)).toBe(4);
    expect(visibleThumbnails(1023)).toBe(4);
    expect(visibleThumbnails(1024)).toBe(5);
  });

  it("shows only the whole thumbnails a narrower strip can hold, at least one", () => {
    expect(visibleThumbnails(1280, 448)).toBe(5);
    expect(visibleThumbnails(1280, 447)).toBe(4);
    expect(visibleThumbnails(1024, 304)).toBe(3);
    expect(visibleThumbnails(800, 356)).toBe(4);
    expect(visibleThumbnails(800, 354)).toBe(3);
    expect(visibleThumbnails(360, 254)).toBe(2);
    expect(visibleThumbnails(375, 2000)).toBe(3);
    expect(visibleThumbnails(320, 40)).toBe(1);
  });

  it("scrolls just enough to keep the chosen thumbnail in view", () => {
    expect(offsetFor(0, 0, 3, 7)).toBe(0);
    expect(offsetFor(4, 0, 3, 7)).toBe(2);
    expect(offsetFor(1, 2, 3, 7)).toBe(1);
    expect(offsetFor(9, 0, 3, 7)).toBe(4);
    expect(offsetFor(2, 0, 5, 3)).toBe(0);
  });
});
