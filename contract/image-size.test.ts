import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";
import { greyJpeg } from "./test/jpeg";
import { pngHeader as png } from "./test/png-header";

describe("imageSize", () => {
  it("reads PNG, GIF, JPEG and SVG headers", () => {
    expect(imageSize(png(1200, 300))).toEqual({ width: 1200, height: 300 });
    expect(imageSize(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0xf0, 0x00]))).toEqual({ width: 320, height: 240 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0, 0, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 800, height: 600 });
    expect(imageSize(new TextEncoder().encode('<svg xmlns="x" viewBox="0 0 32 16"></svg>'))).toEqual({ width: 32, height: 16 });
    expect(imageSize(new TextEncoder().encode('<svg width="800" height="600"></svg>'))).toEqual({ width: 800, height: 600 });
  });

  it("reads the <svg> start tag itself: a tag cut short gives no size, markup inside comments or attributes is not the tag", () => {
    const svg = (text: string) => imageSize(new TextEncoder().encode(text));
    expect(svg('<svg width="800" height="6')).toBeNull();
    expect(
      svg(
        '<?xml version="1.0"?><!-- <svg width="1" height="1"> --><svg data-x="<svg width=2>" viewBox="0 0 640 480" xmlns="http://www.w3.org/2000/svg"></svg>',
      ),
    ).toEqual({ width: 640, height: 480 });
    expect(svg('<svg width="100%" height="100%" viewBox="0,0,30,20"></svg>')).toEqual({ width: 30, height: 20 });
    expect(svg(`<!DOCTYPE svg><title data-x='<svg width="1" height="1">'>x</title><SVG WIDTH=48 Height='24px'>`)).toEqual({
      width: 48,
      height: 24,
    });
    expect(svg('<svg data-x="<svg width=2 height=2>')).toBeNull();
    expect(svg('<!-- <svg width="1" height="1">')).toBeNull();
  });

  it("reads a JPEG's size as displayed: width and height swapped for EXIF orientations 5-8, in either byte order", () => {
    // A phone's portrait photo: stored 64x48 (the sensor's landscape), shown 48x64.
    for (const order of ["II", "MM"] as const) {
      for (const orientation of [1, 2, 3, 4])
        expect(imageSize(greyJpeg(64, 48, { orientation, order }))).toEqual({ width: 64, height: 48 });
      for (const orientation of [5, 6, 7, 8])
        expect(imageSize(greyJpeg(64, 48, { orientation, order }))).toEqual({ width: 48, height: 64 });
    }
    expect(imageSize(greyJpeg(64, 48))).toEqual({ width: 64, height: 48 });
  });

  it("keeps a JPEG's stored size when its EXIF is damaged, cut short or not EXIF at all", () => {
    const portrait = greyJpeg(64, 48, { orientation: 6, order: "II" });
    const damaged = (edit: (b: Uint8Array) => void) => {
      const copy = portrait.slice();
      edit(copy);
      return imageSize(copy);
    };
    // The TIFF header sits after SOI (2), the APP1 marker and length (4) and "Exif\0\0" (6).
    const tiff = 12;
    expect(damaged((b) => b.set([0x58, 0x58], tiff))).toEqual({ width: 64, height: 48 }); // no byte order
    expect(damaged((b) => (b[tiff + 2] = 43))).toEqual({ width: 64, height: 48 }); // not TIFF's 42
    expect(damaged((b) => b.set([0xff, 0xff, 0xff, 0x7f], tiff + 4))).toEqual({ width: 64, height: 48 }); // IFD0 far past the segment
    expect(damaged((b) => (b[tiff + 8] = 1))).toEqual({ width: 64, height: 48 }); // IFD0 ends before the orientation
    // 65,535 entries claimed, no orientation among them: read up to the segment's end, no further.
    expect(damaged((b) => (b.set([0xff, 0xff], tiff + 8), (b[tiff + 22] = 0x13)))).toEqual({ width: 64, height: 48 });
    expect(damaged((b) => (b[tiff + 8 + 2 + 12 + 2] = 4))).toEqual({ width: 64, height: 48 }); // orientation not a SHORT
    expect(damaged((b) => b.set(new TextEncoder().encode("http:/"), 6))).toEqual({ width: 64, height: 48 }); // an XMP APP1
    // Cut inside the EXIF block: no frame yet, so no size rather than a wrong one.
    expect(imageSize(portrait.subarray(0, 30))).toBeNull();
  });

  it("gives null for a WebP header shorter than its size fields", () => {
    const webp = new Uint8Array(24);
    webp.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8X"));
    expect(imageSize(webp)).toBeNull();
  });

  it("gives null for anything else", () => {
    expect(imageSize(new TextEncoder().encode("hello"))).toBeNull();
  });
});
