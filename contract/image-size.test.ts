import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";
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

  it("gives null for a WebP header shorter than its size fields", () => {
    const webp = new Uint8Array(24);
    webp.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8X"));
    expect(imageSize(webp)).toBeNull();
  });

  it("gives null for anything else", () => {
    expect(imageSize(new TextEncoder().encode("hello"))).toBeNull();
  });
});
