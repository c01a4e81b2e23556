import { describe, expect, it } from "vitest";
import { fullSizeUrl, mediaSrcset } from "./media-srcset";

const FILE = "/media/notion/0f3c9a1e-1111-2222-3333-444455556666/front.png";
const copy = (width: number) => `/media/w/${width}/notion/0f3c9a1e-1111-2222-3333-444455556666/front.png`;

describe("mediaSrcset", () => {
  it("offers no copies of images the sync did not copy", () => {
    for (const src of [null, undefined, "", "/images/defaults/slots.svg", "https://example.com/media/x.png", copy(400)])
      expect(mediaSrcset(src)).toBeNull();
  });

  it("lists every width the worker makes, narrowest first, when the original's width is unknown", () => {
    expect(mediaSrcset(FILE)).toBe(`${copy(160)} 160w, ${copy(400)} 400w, ${copy(800)} 800w, ${copy(1200)} 1200w, ${copy(1600)} 1600w`);
  });

  it("stops at the original's width, described by its real width and served by the next copy up", () => {
    expect(mediaSrcset(FILE, 800)).toBe(`${copy(160)} 160w, ${copy(400)} 400w, ${copy(800)} 800w`);
    expect(mediaSrcset(FILE, 1000)).toBe(`${copy(160)} 160w, ${copy(400)} 400w, ${copy(800)} 800w, ${copy(1200)} 1000w`);
    expect(mediaSrcset(FILE, 300)).toBe(`${copy(160)} 160w, ${copy(400)} 300w`);
    expect(mediaSrcset(FILE, 4000)).toBe(mediaSrcset(FILE));
  });

  it("gives no srcset when a single copy would be left", () => {
    expect(mediaSrcset(FILE, 160)).toBeNull();
    expect(mediaSrcset(FILE, 90)).toBeNull();
  });
});

describe("fullSizeUrl", () => {
  it("opens a synced file at the worker's largest copy and any other image as it is", () => {
    expect(fullSizeUrl(FILE)).toBe(copy(1600));
    expect(fullSizeUrl("https://images.example.com/mills.jpg")).toBe("https://images.example.com/mills.jpg");
    expect(fullSizeUrl(copy(400))).toBe(copy(400));
    expect(fullSizeUrl("/images/defaults/slots.svg")).toBe("/images/defaults/slots.svg");
  });
});
