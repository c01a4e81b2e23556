import { attribute, elements, parseHtml } from "./html";

/** Intrinsic pixel size of an image. */
export type Size = { width: number; height: number };

function jpegSize(b: Uint8Array, view: DataView): Size | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    const length = view.getUint16(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array, view: DataView): Size | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(...b.slice(12, 16));
  if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
  return null;
}

function svgSize(text: string): Size | null {
  // The HTML parser drops a tag cut short by the end of the text, so a partly read file gives no size rather than a wrong one.
  const [svg] = elements(parseHtml(text), "svg");
  if (!svg) return null;
  const length = (name: string) => /^\s*([\d.]+)\s*(px)?\s*$/.exec(attribute(svg, name) ?? "")?.[1];
  const [width, height] = [Number(length("width")), Number(length("height"))];
  if (width > 0 && height > 0) return { width, height };
  const box = (attribute(svg, "viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return box.length === 4 && box[2] > 0 && box[3] > 0 ? { width: box[2], height: box[3] } : null;
}

/** Reads the size from a PNG, JPEG, GIF, WebP or SVG file's header; null when unknown. */
export function imageSize(bytes: Uint8Array): Size | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  try {
    if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return { width: view.getUint32(16), height: view.getUint32(20) };
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
    if (ascii(0, 3) === "GIF") return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return webpSize(bytes, view);
    return svgSize(new TextDecoder().decode(bytes.slice(0, 4096)));
  } catch {
    return null;
  }
}
