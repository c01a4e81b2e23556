import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileKeyFor } from "./file-keys";
import { BUFFERED_AT_ONCE, copyFiles, FILE_LIMITS, recordGathered, siteUrlLookup, type FileSource, type MediaRecords } from "./copy-files";
import { blocksToMarkdown } from "../mapping/markdown";
import { downloadBody, recordingStore, TEST_FILE_LIMITS } from "../../test/file-downloads";
import { mediaIndex } from "../../test/media-index";
import { lookupIndex } from "./media-index";
import { newStats, pacedFetch } from "../../notion/paced-fetch";
import { mapProperty } from "../mapping/properties";

const URL_A = "https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000000a/photo.png?X-Amz-Signature=a";

const source = (url = URL_A): FileSource => ({ url, refresh: async () => undefined });
const stored = async (key: string) => {
  const object = await env.MEDIA.get(key);
  return object ? { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType } : null;
};
const KEY = fileKeyFor(URL_A);

describe("copying Notion-hosted files into R2", () => {
  let warned: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    for (const o of (await env.MEDIA.list()).objects) await env.MEDIA.delete(o.key);
    await env.DB.exec("DELETE FROM media_files");
    warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("caps files at 100 MB and downloads without a length at 16 MB", () => {
    expect(FILE_LIMITS).toEqual({ maxBytes: 100 * 1024 * 1024, maxBuffered: 16 * 1024 * 1024 });
  });

  it("streams a download with Content-Length into R2 as it arrives, byte for byte with its content type", async () => {
    const file = downloadBody(200 * 1024);
    const { puts, files } = recordingStore(
      () => new Response(file.stream, { headers: { "content-length": String(file.bytes.length), "content-type": "image/png" } }),
      () => file.state.ended,
    );
    const urls = await copyFiles(files, [source()]);
    expect(urls.get(URL_A)).toBe(`/media/${KEY}`);
    // The put starts before the last chunk is read: the file is never held whole (200 KB is over maxBuffered too).
    expect(puts).toEqual([{ key: KEY, beforeEnd: true }]);
    expect(await stored(KEY)).toEqual({ bytes: file.bytes, contentType: "image/png" });
    expect(warned).not.toHaveBeenCalled();
  });

  it("gathers what it would record when the store collects records, and recordGathered records them all at once", async () => {
    const other = "https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000000c/other.png?X-Amz-Signature=c";
    const records: MediaRecords = { keys: [], sizes: [] };
    const { files } = recordingStore(() => new Response(downloadBody(1000).stream, { headers: { "content-length": "1000" } }));
    await copyFiles({ ...files, records }, [source()]);
    await copyFiles({ ...files, records }, [source(other)]);
    // Copied into R2, but nothing recorded yet: the owner records a whole step's files in one batch.
    expect(await stored(KEY)).not.toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM media_files").first("n")).toBe(0);
    expect(records.keys).toEqual([KEY, fileKeyFor(other)]);
    await recordGathered(env.DB, records);
    const { results } = await env.DB.prepare("SELECT key FROM media_files ORDER BY key").all<{ key: string }>();
    expect(results.map((r) => r.key)).toEqual([KEY, fileKeyFor(other)].sort());
    expect(records).toEqual({ keys: [], sizes: [] });
  });

  it("records each copied file in media_files for /media, marks one found already copied as referenced again, and none skipped", async () => {
    const big = "https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000000b/big.png?X-Amz-Signature=b";
    const { files } = recordingStore(() => new Response(downloadBody(1000).stream, { headers: { "content-length": "1000" } }));
    await copyFiles(files, [source()]);
    await env.DB.exec("UPDATE media_files SET unreferenced_since = 1");
    const again = recordingStore(
      () =>
        new Response(downloadBody(TEST_FILE_LIMITS.maxBytes + 1).stream, {
          headers: { "content-length": String(TEST_FILE_LIMITS.maxBytes + 1) },
        }),
    );
    const urls = await copyFiles(again.files, [source(), source(big)]);
    expect(urls.get(big)).toBeNull();
    expect(again.puts).toEqual([]);
    const { results } = await env.DB.prepare("SELECT key, unreferenced_since FROM media_files").all();
    expect(results).toEqual([{ key: KEY, unreferenced_since: null }]);
  });

  it("reads a download without Content-Length into memory up to the buffered cap, with the type guessed from the name", async () => {
    const file = downloadBody(1000);
    const { files } = recordingStore(() => new Response(file.stream));
    expect((await copyFiles(files, [source()])).get(URL_A)).toBe(`/media/${KEY}`);
    expect(await stored(KEY)).toEqual({ bytes: file.bytes, contentType: "image/png" });
  });

  it("treats a compressed transfer's Content-Length as unknown", async () => {
    const file = downloadBody(3000);
    const { files } = recordingStore(() => new Response(file.stream, { headers: { "content-length": "10", "content-encoding": "gzip" } }));
    expect((await copyFiles(files, [source()])).get(URL_A)).toBeNull();
    expect(files.skipped.map((f) => f.reason)).toEqual([
      "A download without Content-Length is over the 1024-byte limit for copies into R2",
    ]);
  });

  it("skips a file over the cap without reading it, lists it with why, and the row keeps no link to it", async () => {
    const file = downloadBody(TEST_FILE_LIMITS.maxBytes + 1);
    const { puts, files } = recordingStore(
      () => new Response(file.stream, { headers: { "content-length": String(TEST_FILE_LIMITS.maxBytes + 1) } }),
    );
    const small = "https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000000b/small.png?X-Amz-Signature=b";
    const download = (async (url: string) =>
      url === small ? new Response(new Uint8Array(10), { headers: { "content-length": "10" } }) : files.download(url)) as typeof fetch;
    const urls = await copyFiles({ ...files, download }, [{ ...source(), name: "huge.png", property: "Photos" }, source(small)], {
      id: "p-1",
      title: "Mills",
    });
    expect(urls.get(URL_A)).toBeNull();
    expect(puts.map((p) => p.key)).toEqual([fileKeyFor(small)]);
    expect(await stored(KEY)).toBeNull();
    // Refused on its stated length: at most the stream's first chunk was ever read, never the whole file.
    expect(file.state.ended).toBe(false);
    expect(file.state.pulled).toBeLessThanOrEqual(4096);
    expect(files.skipped).toEqual([
      {
        pageId: "p-1",
        pageTitle: "Mills",
        property: "Photos",
        file: "huge.png",
        reason: "262145 bytes is over the 262144-byte limit for copies into R2",
      },
    ]);
    expect(JSON.parse(warned.mock.calls[0]![0] as string)).toEqual({
      event: "file_skipped",
      key: fileKeyFor(URL_A, "huge.png"),
      pageId: "p-1",
      error: "262145 bytes is over the 262144-byte limit for copies into R2",
      message: "not copied: the row keeps no link to it; the next sync tries again",
    });
    const siteUrl = siteUrlLookup(urls);
    const property = {
      type: "files",
      files: [
        { type: "file", file: { url: URL_A } },
        { type: "file", file: { url: small } },
        { type: "external", external: { url: "https://example.com/a.png" } },
      ],
    };
    expect(mapProperty(property, siteUrl)).toBe(JSON.stringify([`/media/${fileKeyFor(small)}`, "https://example.com/a.png"]));
    const image = { id: "b1", type: "image", image: { type: "file", file: { url: URL_A }, caption: [] } };
    expect(blocksToMarkdown([{ block: image, children: [] }], siteUrl)).toBeNull();
  });

  it("leaves out a download without Content-Length once it passes the buffered cap", async () => {
    const file = downloadBody(TEST_FILE_LIMITS.maxBuffered + 1);
    const { puts, files } = recordingStore(() => new Response(file.stream));
    expect((await copyFiles(files, [source()])).get(URL_A)).toBeNull();
    expect(puts).toEqual([]);
    expect(warned).toHaveBeenCalledTimes(1);
    expect(files.skipped).toHaveLength(1);
  });

  it("skips a download that breaks off mid-stream, stores nothing and records nothing as copied", async () => {
    const file = downloadBody(64 * 1024, 32 * 1024);
    const { files } = recordingStore(() => new Response(file.stream, { headers: { "content-length": String(file.bytes.length) } }));
    expect((await copyFiles(files, [source()], { id: "p-1" })).get(URL_A)).toBeNull();
    expect(files.skipped).toEqual([
      { pageId: "p-1", pageTitle: undefined, property: "", file: URL_A.split("?")[0], reason: "The download broke off: connection reset" },
    ]);
    expect(await stored(KEY)).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM media_files").first("n")).toBe(0);
  });

  it("skips a file answering 404 (named without its signed query) and tries it again in the next run, which copies it", async () => {
    let answer = 404;
    const { files } = recordingStore(() =>
      answer === 404 ? new Response("gone", { status: 404 }) : new Response(new Uint8Array(10), { headers: { "content-length": "10" } }),
    );
    const first = await copyFiles(files, [{ ...source(), property: "Main Image" }], { id: "p-1", title: "Mills" });
    expect(first.get(URL_A)).toBeNull();
    expect(files.skipped).toEqual([
      {
        pageId: "p-1",
        pageTitle: "Mills",
        property: "Main Image",
        file: "https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000000a/photo.png",
        reason: "Notion's file storage answered HTTP 404",
      },
    ]);
    expect(JSON.stringify(files.skipped)).not.toContain("X-Amz-Signature");
    answer = 200;
    const next = recordingStore(() => new Response(new Uint8Array(10), { headers: { "content-length": "10" } }));
    expect((await copyFiles(next.files, [source()])).get(URL_A)).toBe(`/media/${KEY}`);
    expect(next.puts.map((p) => p.key)).toEqual([KEY]);
    expect(next.files.skipped).toEqual([]);
  });

  it("retries a 503 through the run's download and copies the file; skips it once the retries are spent", async () => {
    const policy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, attemptTimeoutMs: 5_000 };
    let calls = 0;
    let failFor = 2;
    const fetcher = (async () =>
      ++calls <= failFor
        ? new Response("busy", { status: 503 })
        : new Response(new Uint8Array(10), { headers: { "content-length": "10" } })) as typeof fetch;
    const { files } = recordingStore(() => new Response(null));
    const download = pacedFetch({ stats: newStats(), kind: "download", policy, fetcher }) as typeof fetch;
    expect((await copyFiles({ ...files, download }, [source()])).get(URL_A)).toBe(`/media/${KEY}`);
    expect(calls).toBe(3);
    await env.DB.exec("DELETE FROM media_files");
    calls = 0;
    failFor = 99;
    expect((await copyFiles({ ...files, download, index: lookupIndex(env.DB) }, [source()])).get(URL_A)).toBeNull();
    expect(calls).toBe(3);
    expect(files.skipped.map((f) => f.reason)).toEqual(["Notion's file storage answered HTTP 503"]);
  });

  it("answers whether a file is copied from D1's media_files, never from R2", async () => {
    let downloads = 0;
    const { files } = recordingStore(() => (downloads++, new Response(new Uint8Array(10), { headers: { "content-length": "10" } })));
    // Recorded in D1 but absent from R2: not downloaded (D1 is the index). In R2 but not recorded: copied again.
    await env.DB.prepare("INSERT INTO media_files (key) VALUES (?1)").bind(KEY).run();
    const other = "https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000000c/other.png?X-Amz-Signature=c";
    await env.MEDIA.put(fileKeyFor(other), new Uint8Array(3));
    for (const index of [mediaIndex(env.DB), lookupIndex(env.DB)]) {
      downloads = 0;
      await env.DB.prepare("DELETE FROM media_files WHERE key = ?1").bind(fileKeyFor(other)).run();
      const urls = await copyFiles({ ...files, index }, [source(), source(other)]);
      expect([...urls.values()]).toEqual([`/media/${KEY}`, `/media/${fileKeyFor(other)}`]);
      expect(downloads).toBe(1);
    }
  });

  it("keeps memory bounded: one download without Content-Length in memory at a time per store, across pages, each under the cap", async () => {
    // The bound stated in copy-files.ts: BUFFERED_AT_ONCE × 2 × maxBuffered (chunks plus their joined copy), well under 128 MB.
    expect(BUFFERED_AT_ONCE * 2 * FILE_LIMITS.maxBuffered).toBeLessThanOrEqual(32 * 1024 * 1024);
    const urls = Array.from(
      { length: 6 },
      (_, i) => `https://files.example/ws/0a1b2c3d-0000-4000-8000-00000000001${i}/f${i}.png?X-Amz-Signature=s`,
    );
    let reading = 0;
    let most = 0;
    let downloads = 0;
    const download = (async (url: string) => {
      downloads++;
      const file = downloadBody(1000);
      const reader = file.stream.getReader();
      let started = false;
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!started) {
              started = true;
              most = Math.max(most, ++reading);
            }
            await new Promise((resolve) => setTimeout(resolve, 5));
            const chunk = await reader.read();
            if (chunk.done) {
              reading--;
              controller.close();
            } else controller.enqueue(chunk.value);
          },
          cancel: () => void (started && reading--),
        },
        { highWaterMark: 0 },
      );
      return new Response(stream, { headers: { "content-type": `image/png; u=${url.length}` } });
    }) as unknown as typeof fetch;
    const files = { ...recordingStore(() => new Response(null)).files, download };
    // Two pages at once sharing one store, as a table sync works its pages.
    const copied = await Promise.all([copyFiles(files, urls.slice(0, 3).map(source)), copyFiles(files, urls.slice(3).map(source))]);
    expect(copied.flatMap((m) => [...m.values()])).toEqual(urls.map((u) => `/media/${fileKeyFor(u)}`));
    for (const url of urls) expect((await stored(fileKeyFor(url)))?.bytes.length).toBe(1000);
    expect(most).toBe(BUFFERED_AT_ONCE);
    // A download that found every slot taken was closed at once and fetched again when its turn came.
    expect(downloads).toBeGreaterThan(urls.length);
    expect(downloads).toBeLessThanOrEqual(2 * urls.length);
  });
});
