import { crc32, deflateSync } from "node:zlib";

/** Encodes 8-bit RGB pixels (row-major, 3 bytes each) as a PNG file, choosing a filter per row. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  const candidates: [Buffer, Buffer, Buffer] = [Buffer.alloc(stride), Buffer.alloc(stride), Buffer.alloc(stride)];
  for (let y = 0; y < height; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? rgb.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const value = row[i] ?? 0;
      candidates[0][i] = value;
      candidates[1][i] = (value - (i >= 3 ? (row[i - 3] ?? 0) : 0)) & 0xff;
      candidates[2][i] = (value - (up?.[i] ?? 0)) & 0xff;
    }
    let best = { filter: 0, bytes: candidates[0], cost: Infinity };
    candidates.forEach((bytes, filter) => {
      let cost = 0;
      for (const byte of bytes) cost += byte < 128 ? byte : 256 - byte;
      if (cost < best.cost) best = { filter, bytes, cost };
    });
    raw[y * (stride + 1)] = best.filter;
    best.bytes.copy(raw, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
