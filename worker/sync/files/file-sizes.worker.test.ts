import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { greyJpeg } from "#contract/test/jpeg";
import { fileKeyFor } from "./file-keys";
import { copyFiles, type FileSource } from "./copy-files";
import { lookupIndex } from "./media-index";

const url = (name: string) => `https://files.example/ws/0a1b2c3d-0000-4000-8000-0000000000${name.length}a/${name}?X-Amz-Signature=s`;

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(8 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

/** A JPEG whose size comes after EXIF (APP1) and ICC (APP2) segments of `app1` and `app2` bytes, then filler. */
function jpeg(width: number, height: number, app1: number, app2: number): Uint8Array {
  const bytes = new Uint8Array(4 + app1 + app2 + 64 * 1024);
  const view = new DataView(bytes.buffer);
  bytes.set([0xff, 0xd8]);
  let at = 2;
  for (const [marker, size] of [
    [0xe1, app1],
    [0xe2, app2],
  ] as const) {
    bytes.set([0xff, marker], at);
    view.setUint16(at + 2, size - 2);
    at += size;
  }
  bytes.set([0xff, 0xc0, 0x00, 0x11, 0x08], at);
  view.setUint16(at + 5, height);
  view.setUint16(at + 7, width);
  return bytes;
}

/** `bytes` as a stream of 7-byte pieces, then 4 KB ones, so a header arrives split across chunks. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += at < 64 ? 7 : 4096)));
    },
  });
}

/** Copies each file through a store whose bucket can only be written (a second read would throw), counting downloads. */
async function copy(files: Record<string, { bytes: Uint8Array; length: boolean }>) {
  let downloads = 0;
  const bucket = { put: (key: string, value: ReadableStream | ArrayBufferView, o?: R2PutOptions) => env.MEDIA.put(key, value, o) };
  const download = (async (wanted: string) => {
    downloads++;
    const name = Object.keys(files).find((n) => wanted === url(n))!;
    const { bytes, length } = files[name]!;
    return new Response(chunked(bytes), { headers: length ? { "content-length": String(bytes.length) } : {} });
  }) as typeof fetch;
  const sources: FileSource[] = Object.keys(files).map((name) => ({ url: url(name), refresh: async () => undefined }));
  const urls = await copyFiles(
    {
      bucket: bucket as unknown as R2Bucket,
      index: lookupIndex(env.DB),
      db: env.DB,
      download,
      limits: { maxBytes: 1 << 20, maxBuffered: 1 << 20 },
    },
    sources,
  );
  return { urls, downloads };
}

async function sizeOf(name: string) {
  return env.DB.prepare("SELECT width, height FROM media_files WHERE key = ?1")
    .bind(fileKeyFor(url(name)))
    .first();
}

describe("the sync records each copied image's pixel size in media_files", () => {
  beforeEach(async () => {
    for (const o of (await env.MEDIA.list()).objects) await env.MEDIA.delete(o.key);
    await env.DB.exec("DELETE FROM media_files");
  });

  it("reads a PNG's and a JPEG's size from the bytes streaming into R2, with one download each and the stored bytes unchanged", async () => {
    const photo = jpeg(1600, 1200, 60_000, 10_000);
    const { urls, downloads } = await copy({ "a.png": { bytes: png(640, 480), length: true }, "b.jpg": { bytes: photo, length: true } });
    expect(downloads).toBe(2);
    expect([...urls.values()].every((u) => u?.startsWith("/media/"))).toBe(true);
    expect(await sizeOf("a.png")).toEqual({ width: 640, height: 480 });
    expect(await sizeOf("b.jpg")).toEqual({ width: 1600, height: 1200 });
    const object = await env.MEDIA.get(fileKeyFor(url("b.jpg")));
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(photo);
  });

  it("records a phone's portrait photo (stored landscape, EXIF orientation 6 or 8) at its displayed size, the bytes unchanged", async () => {
    const portrait = greyJpeg(64, 48, { orientation: 6, order: "MM" });
    const turnedBack = greyJpeg(64, 48, { orientation: 8, order: "II" });
    const upright = greyJpeg(64, 48, { orientation: 1, order: "II" });
    // Real JPEG bytes: the Images binding decodes them (it reports the frame as stored).
    expect(await env.IMAGES.info(new Blob([portrait]).stream())).toMatchObject({ format: "image/jpeg", width: 64, height: 48 });
    await copy({
      "p.jpg": { bytes: portrait, length: true },
      "q.jpg": { bytes: turnedBack, length: false },
      "r.jpg": { bytes: upright, length: true },
    });
    expect(await sizeOf("p.jpg")).toEqual({ width: 48, height: 64 });
    expect(await sizeOf("q.jpg")).toEqual({ width: 48, height: 64 });
    expect(await sizeOf("r.jpg")).toEqual({ width: 64, height: 48 });
    const object = await env.MEDIA.get(fileKeyFor(url("p.jpg")));
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(portrait);
  });

  it("reads the size of a download without Content-Length (read into memory for its length)", async () => {
    await copy({ "c.png": { bytes: png(300, 200), length: false } });
    expect(await sizeOf("c.png")).toEqual({ width: 300, height: 200 });
  });

  it("stores null for a file whose header is no known image, and for a header claiming zero pixels", async () => {
    const pdf = new TextEncoder().encode(`%PDF-1.7\n${"x".repeat(20_000)}`);
    await copy({ "d.pdf": { bytes: pdf, length: true }, "e.png": { bytes: png(0, 480), length: true } });
    expect(await sizeOf("d.pdf")).toEqual({ width: null, height: null });
    expect(await sizeOf("e.png")).toEqual({ width: null, height: null });
  });

  it("keeps the size of a file a later sync finds already copied (it is not downloaded again)", async () => {
    await copy({ "f.png": { bytes: png(50, 40), length: true } });
    const again = await copy({ "f.png": { bytes: new Uint8Array(10), length: true } });
    expect(again.downloads).toBe(0);
    expect(await sizeOf("f.png")).toEqual({ width: 50, height: 40 });
  });
});
