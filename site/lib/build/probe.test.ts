import { createServer, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, type Listening } from "../../../scripts/lib/listen.ts";
import { EXTERNAL_PROBE_MAX_BYTES, probeImage, sizeImages } from "./probe";
import { pngHeader as png } from "#contract/test/png-header";

const HUGE_BYTES = 64 * 1024 * 1024;
let server: Listening;
/** Bytes each path's answer wrote before it ended or the client went away, and whether the client went away. */
const sent = new Map<string, { bytes: number; cutByClient: boolean; closed: Promise<void> }>();

/** Streams `head`, then filler up to HUGE_BYTES, waiting for the client to take each chunk. */
async function stream(res: ServerResponse, path: string, head: Buffer): Promise<void> {
  let closed = () => {};
  const record = { bytes: 0, cutByClient: false, closed: new Promise<void>((done) => (closed = done)) };
  sent.set(path, record);
  res.on("close", () => {
    record.cutByClient = !res.writableFinished;
    closed();
  });
  res.writeHead(200, { "content-type": "image/png" });
  const filler = Buffer.alloc(64 * 1024, 0x41);
  let chunk: Buffer = head;
  while (record.bytes < HUGE_BYTES && !res.destroyed) {
    record.bytes += chunk.length;
    if (!res.write(chunk)) await new Promise((resume) => res.once("drain", resume).once("close", resume));
    chunk = filler;
  }
  res.end();
}

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const path = req.url ?? "/";
      if (path === "/huge-unknown.bin") void stream(res, path, Buffer.from("not an image"));
      else if (path === "/huge.png") void stream(res, path, Buffer.from(png(640, 480)));
      else res.writeHead(404).end();
    }),
  );
});

afterAll(() => server.close());

describe("probing an image's size", () => {
  it("stops reading an external answer at the cap: a 64 MB response without a readable header gives no size", async () => {
    const started = performance.now();
    expect(await probeImage(`${server.url}/huge-unknown.bin`)).toBeNull();
    const record = sent.get("/huge-unknown.bin")!;
    await record.closed;
    expect(record.cutByClient).toBe(true);
    // What the server wrote before it saw the close: the cap plus what the loopback socket buffers held.
    expect(record.bytes).toBeLessThan(HUGE_BYTES / 8);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(EXTERNAL_PROBE_MAX_BYTES).toBeLessThanOrEqual(16 * 1024);
  });

  it("reads the size from the first bytes of a huge image and drops the rest", async () => {
    expect(await probeImage(`${server.url}/huge.png`)).toEqual({ width: 640, height: 480 });
    await sent.get("/huge.png")!.closed;
    expect(sent.get("/huge.png")!.cutByClient).toBe(true);
    expect(sent.get("/huge.png")!.bytes).toBeLessThan(HUGE_BYTES / 8);
  });

  it("never fetches addresses that are not http(s)", async () => {
    expect(await probeImage("file:///etc/passwd")).toBeNull();
    expect(await probeImage("data:image/png;base64,AAAA")).toBeNull();
  });
});

describe("sizeImages", () => {
  it("sizes every real <img> through the DOM and leaves markup inside attributes alone", async () => {
    const html = `<p title="<img src=/images/a.png>">x</p><img alt="1 > 0 &amp; up" src="/images/b.png"><img src="${server.url}/missing.png" alt="gone">`;
    expect(await sizeImages(html)).toBe(
      '<p title="&lt;img src=/images/a.png&gt;">x</p>' +
        '<img alt="1 &gt; 0 &amp; up" src="/images/b.png" loading="lazy" decoding="async" data-not-found="" width="800" height="600">' +
        `<img src="${server.url}/missing.png" alt="gone" loading="lazy" decoding="async" data-not-found="">`,
    );
  });

  it("returns HTML without images unchanged", async () => {
    expect(await sizeImages("<p>Plain &amp; simple</p>")).toBe("<p>Plain &amp; simple</p>");
  });
});
