/**
 * Reads an image's pixel size from the first bytes of its file, shared by the worker (which reads it once as a copy
 * streams into R2) and the site build (which probes the few images whose size the API does not give).
 */

/** Intrinsic pixel size of an image. */
export type Size = { width: number; height: number };

/** Bytes read of an SVG: its <svg> start tag comes first, after at most a declaration, a doctype and comments. */
const SVG_HEADER_BYTES = 4096;

/** Bytes worth reading of a file that starts with `first`: a JPEG's size can sit after 64 KB of EXIF and ICC data, any other format's within 4 KB. */
export function headerBytesWanted(first: Uint8Array): number {
  return first[0] === 0xff && first[1] === 0xd8 ? 256 * 1024 : SVG_HEADER_BYTES;
}

/** EXIF orientations (TIFF tag 0x0112) that turn the picture a quarter: its displayed width is its stored height. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

/**
 * The EXIF orientation in an APP1 segment's bytes `from`..`to` (after its length field): "Exif\0\0", a TIFF header in
 * either byte order ("II" little-endian, "MM" big-endian), IFD0's entries, tag 0x0112. Null when the segment is not EXIF
 * (XMP also uses APP1), 1 when EXIF names no orientation or cannot be read (a damaged block costs no size).
 */
function exifOrientation(b: Uint8Array, view: DataView, from: number, to: number): number | null {
  const end = Math.min(to, b.length);
  if (end - from < 6 || String.fromCharCode(...b.subarray(from, from + 6)) !== "Exif\0\0") return null;
  if (end - from < 14) return 1;
  const tiff = from + 6;
  const order = String.fromCharCode(...b.subarray(tiff, tiff + 2));
  if (order !== "II" && order !== "MM") return 1;
  const little = order === "II";
  const u16 = (at: number) => (at + 2 <= end ? view.getUint16(at, little) : -1);
  const u32 = (at: number) => (at + 4 <= end ? view.getUint32(at, little) : -1);
  if (u16(tiff + 2) !== 42) return 1;
  const ifd = u32(tiff + 4);
  if (ifd < 8 || tiff + ifd + 2 > end) return 1;
  const count = u16(tiff + ifd);
  for (let n = 0; n < count; n++) {
    const entry = tiff + ifd + 2 + n * 12;
    if (entry + 12 > end) return 1;
    // A SHORT of count 1 sits in the first two bytes of the value field.
    if (u16(entry) === 0x0112) return u16(entry + 2) === 3 && u32(entry + 4) === 1 ? u16(entry + 8) : 1;
  }
  return 1;
}

/** A JPEG's size as displayed: its frame's pixels, width and height swapped when its EXIF orientation turns it a quarter (5-8). */
function jpegSize(b: Uint8Array, view: DataView): Size | null {
  let i = 2;
  let orientation: number | null = null;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = view.getUint8(i + 1);
    const length = view.getUint16(i + 2);
    // The first APP1 holding EXIF counts; APP segments come before the frame.
    if (marker === 0xe1 && orientation === null) orientation = exifOrientation(b, view, i + 4, i + 2 + length);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const [height, width] = [view.getUint16(i + 5), view.getUint16(i + 7)];
      return QUARTER_TURNS.has(orientation ?? 1) ? { width: height, height: width } : { width, height };
    }
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
  const u24 = (at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16);
  if (chunk === "VP8X") return { width: 1 + u24(24), height: 1 + u24(27) };
  return null;
}

// A tag's name, then its attributes: name, optionally `=` and a value quoted either way or bare.
const TAG_NAME = /^<([A-Za-z][^\s/>]*)/;
const ATTRIBUTE = /^[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>][^\s>]*)))?/;

/**
 * The attributes (names lower-cased) of the first <svg> start tag outside comments, declarations and other tags'
 * attributes; null when there is none or the text ends inside it (a partly read file gives no size rather than a wrong one).
 */
function svgAttributes(text: string): Map<string, string> | null {
  let at = text.indexOf("<");
  while (at !== -1 && at < text.length) {
    const rest = text.slice(at);
    const skipTo = rest.startsWith("<!--") ? "-->" : /^<[!?/]/.test(rest) ? ">" : null;
    if (skipTo) {
      const end = text.indexOf(skipTo, at + 2);
      if (end === -1) return null;
      at = text.indexOf("<", end + skipTo.length);
      continue;
    }
    const name = TAG_NAME.exec(rest);
    if (!name) {
      at = text.indexOf("<", at + 1);
      continue;
    }
    const attributes = new Map<string, string>();
    let tail = rest.slice(name[0].length);
    for (let match = ATTRIBUTE.exec(tail); match; match = ATTRIBUTE.exec(tail)) {
      const [whole, key = "", double, single, bare] = match;
      attributes.set(key.toLowerCase(), double ?? single ?? bare ?? "");
      tail = tail.slice(whole.length);
    }
    const close = /^[\s/]*>/.exec(tail);
    if (!close) return null;
    if (name[1]?.toLowerCase() === "svg") return attributes;
    at = text.indexOf("<", text.length - tail.length + close[0].length);
  }
  return null;
}

function svgSize(text: string): Size | null {
  const svg = svgAttributes(text);
  if (!svg) return null;
  const length = (name: string) => /^\s*([\d.]+)\s*(px)?\s*$/.exec(svg.get(name) ?? "")?.[1];
  const [width, height] = [Number(length("width")), Number(length("height"))];
  if (width > 0 && height > 0) return { width, height };
  const box = (svg.get("viewbox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [, , boxWidth = 0, boxHeight = 0] = box;
  return box.length === 4 && boxWidth > 0 && boxHeight > 0 ? { width: boxWidth, height: boxHeight } : null;
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
    return svgSize(new TextDecoder().decode(bytes.slice(0, SVG_HEADER_BYTES)));
  } catch {
    return null;
  }
}
