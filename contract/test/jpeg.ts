/** EXIF to put in a test JPEG: the orientation tag's value, and the TIFF byte order ("II" little-endian, "MM" big-endian). */
export type ExifOrientation = { orientation: number; order: "II" | "MM" };

const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
const u16 = (n: number, little: boolean) => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
const u32 = (n: number, little: boolean) =>
  little ? [...u16(n & 0xffff, true), ...u16(n >>> 16, true)] : [...u16(n >>> 16, false), ...u16(n & 0xffff, false)];

/** An APP1 Exif segment whose IFD0 holds an ImageDescription entry, then Orientation (tag 0x0112, SHORT), as a camera writes it. */
function exifSegment({ orientation, order }: ExifOrientation): number[] {
  const le = order === "II";
  const tiff = [
    ...(le ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42, le),
    ...u32(8, le),
    ...u16(2, le),
    // ImageDescription, ASCII, 4 bytes ("toy\0") held in the value field itself.
    ...u16(0x010e, le),
    ...u16(2, le),
    ...u32(4, le),
    0x74,
    0x6f,
    0x79,
    0,
    ...u16(0x0112, le),
    ...u16(3, le),
    ...u32(1, le),
    ...u16(orientation, le),
    0,
    0,
    ...u32(0, le),
  ];
  return segment(0xe1, [...new TextEncoder().encode("Exif\0\0"), ...tiff]);
}

/**
 * A real, decodable baseline JPEG of `width` x `height` grey pixels as stored (an image viewer turns it by `exif`'s
 * orientation): SOI, an optional APP1 Exif segment, a quantisation table, SOF0 (one 8-bit component), one-code Huffman
 * tables (DC difference 0, AC end-of-block), and a scan of two zero bits per 8x8 block, then EOI.
 */
export function greyJpeg(width: number, height: number, exif?: ExifOrientation): Uint8Array {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = new Array<number>(Math.ceil((blocks * 2) / 8)).fill(0);
  // Padding bits after the last block are ones.
  const used = (blocks * 2) % 8;
  if (used) scan[scan.length - 1] = 0xff >> used;
  const oneCode = (tableClass: number) => segment(0xc4, [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0]);
  return new Uint8Array([
    0xff,
    0xd8,
    ...(exif ? exifSegment(exif) : []),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, ...u16(height, false), ...u16(width, false), 1, 1, 0x11, 0]),
    ...oneCode(0),
    ...oneCode(1),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}
