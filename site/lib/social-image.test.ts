import { describe, expect, it } from "vitest";
import { DEFAULT_SOCIAL_IMAGE, socialImage } from "./social-image";

const fallback = { ...DEFAULT_SOCIAL_IMAGE, alt: "Antique Coin-Op Restorations" };

describe("socialImage", () => {
  it("names the JPEG social copy of a synced photo of any raster type", () => {
    for (const name of ["front.jpg", "front.JPEG", "front.png", "front.gif", "front.webp", "front.avif"])
      expect(socialImage(`/media/notion/abc/${name}`, "Mills Castle Front", "site")).toEqual({
        url: `/media/og/notion/abc/${name}`,
        alt: "Mills Castle Front",
      });
  });

  it("keeps an external JPEG, PNG or GIF as it is", () => {
    expect(socialImage("https://images.example/castle.png?v=2", "Castle", "site")).toEqual({
      url: "https://images.example/castle.png?v=2",
      alt: "Castle",
    });
  });

  it("falls back to the raster default card for an SVG, an external WebP, a synced PDF, a resized copy or no image", () => {
    for (const image of [
      "/images/defaults/slots.svg",
      "/media/notion/abc/logo.svg",
      "/media/notion/abc/manual.pdf",
      "/media/w/400/notion/abc/front.png",
      "https://images.example/castle.webp",
      "https://images.example/castle.svg",
      "javascript:alert(1).png",
      "",
      null,
      undefined,
    ])
      expect(socialImage(image, "Castle", "Antique Coin-Op Restorations"), String(image)).toEqual(fallback);
  });
});
