import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { recordMediaFiles } from "../../data/media-files";
import { FAILED_COPY_RETRY_MS, variantKey, variantKeys, variantPrefix } from "../../data/media-variants";
import worker from "../../index";

/** Two demo drawings (800x600 PNG): the castle's 400 px WebP is smaller than it, the clock's 800 px WebP is not. */
const CASTLE = "notion/0f3c9a1e-aaaa-2222-3333-444455556666/castle.png";
const CLOCK = "notion/0f3c9a1e-bbbb-2222-3333-444455556666/clock.png";
const LOGO = "notion/0f3c9a1e-cccc-2222-3333-444455556666/logo.svg";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
let castle: Uint8Array;

/** What the worker did with its bindings during some requests. */
type Tally = { puts: string[]; transforms: number };

/** The test bindings, with R2 writes and Images transforms counted, and an Images binding that fails when `failing`. */
function counted(tally: Tally, failing = false): Env {
  const bucket = env.MEDIA;
  const media = {
    get: (key: string, options?: R2GetOptions) => bucket.get(key, options),
    head: (key: string) => bucket.head(key),
    put: (key: string, value: Parameters<R2Bucket["put"]>[1], options?: R2PutOptions) => (
      tally.puts.push(key),
      bucket.put(key, value, options)
    ),
  } as unknown as R2Bucket;
  const images = {
    input: (stream: ReadableStream<Uint8Array>, options?: ImageInputOptions) => {
      tally.transforms += 1;
      if (failing) throw new Error("IMAGES_TRANSFORM_ERROR 9523: the Images service is unavailable");
      return env.IMAGES.input(stream, options);
    },
    info: (stream: ReadableStream<Uint8Array>) => env.IMAGES.info(stream),
  } as unknown as ImagesBinding;
  return { ...env, MEDIA: media, IMAGES: images };
}

/** One request through the whole worker with `bindings`, waiting for its background work (the Cache API write). */
async function get(path: string, bindings: Env = env, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, init), bindings, ctx);
  const body = await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(init?.method === "HEAD" || res.status === 304 ? null : body, { status: res.status, headers: res.headers });
}

/** Forgets this location's Cache API copy of `path`, so the next request reads R2 again. */
const evict = (path: string) => (caches as unknown as { default: Cache }).default.delete(`http://localhost${path}`);

/** The width of an image answer, read by the Images binding. */
async function widthOf(res: Response): Promise<number> {
  const info = await env.IMAGES.info(res.body!);
  return "width" in info ? info.width : -1;
}

describe("GET /media/w/{width}/{key}", () => {
  beforeAll(async () => {
    const drawing = async (name: string) => new Uint8Array(await (await fetch(`${env.NOTION_TEST_URL}/public/${name}`)).arrayBuffer());
    castle = await drawing("slot-castle-front.png");
    await env.MEDIA.put(CASTLE, castle, { httpMetadata: { contentType: "image/png" } });
    await env.MEDIA.put(CLOCK, await drawing("ad-clock.png"), { httpMetadata: { contentType: "image/png" } });
    await env.MEDIA.put(LOGO, SVG, { httpMetadata: { contentType: "image/svg+xml" } });
    await recordMediaFiles(env.DB, [CASTLE, CLOCK, LOGO]);
  });

  it("makes a smaller WebP copy on the first request, stores it in R2 once, and serves it from R2 and the Cache API after", async () => {
    const tally: Tally = { puts: [], transforms: 0 };
    const path = `/media/w/400/${CASTLE}`;
    const first = await get(path, counted(tally));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/webp");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await first.clone().arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe("WEBP");
    expect(bytes.length).toBeLessThan(castle.length);
    expect(await widthOf(first)).toBe(400);
    expect(tally).toEqual({ puts: [variantKey(CASTLE, 400)], transforms: 1 });

    const cached = await get(path, counted(tally));
    expect(new Uint8Array(await cached.arrayBuffer())).toEqual(bytes);
    await evict(path);
    const fromR2 = await get(path, counted(tally));
    expect(fromR2.headers.get("Content-Type")).toBe("image/webp");
    expect(new Uint8Array(await fromR2.arrayBuffer())).toEqual(bytes);
    expect(tally).toEqual({ puts: [variantKey(CASTLE, 400)], transforms: 1 });
    expect((await env.MEDIA.head(variantKey(CASTLE, 400)))?.size).toBe(bytes.length);
  });

  it("keeps each width apart and answers 304 for a matching If-None-Match", async () => {
    const small = await get(`/media/w/160/${CASTLE}`);
    expect(await widthOf(small.clone())).toBe(160);
    const etag = small.headers.get("ETag")!;
    const again = await get(`/media/w/160/${CASTLE}`, env, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await get(`/media/w/160/${CASTLE}`, env, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/webp");
  });

  it("never enlarges, and serves the original where the copy would not be smaller, recording that once", async () => {
    const tally: Tally = { puts: [], transforms: 0 };
    const castleWide = await get(`/media/w/1600/${CASTLE}`, counted(tally));
    expect(castleWide.headers.get("Content-Type")).toBe("image/webp");
    expect(await widthOf(castleWide)).toBe(800);

    const path = `/media/w/800/${CLOCK}`;
    const clock = await get(path, counted(tally));
    expect(clock.status).toBe(200);
    expect(clock.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await clock.arrayBuffer())).toEqual(new Uint8Array(await (await env.MEDIA.get(CLOCK))!.arrayBuffer()));
    await evict(path);
    expect((await get(path, counted(tally))).headers.get("Content-Type")).toBe("image/png");
    expect(tally).toEqual({ puts: [variantKey(CASTLE, 1600), variantKey(CLOCK, 800)], transforms: 2 });
  });

  it("serves an SVG (or any file the Images binding cannot resize) as it is, storing nothing", async () => {
    const tally: Tally = { puts: [], transforms: 0 };
    const res = await get(`/media/w/400/${LOGO}`, counted(tally));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await res.text()).toBe(SVG);
    expect(tally).toEqual({ puts: [], transforms: 0 });
  });

  it("serves the original when the Images binding fails, remembers that in R2 for an hour, then tries again", async () => {
    const tally: Tally = { puts: [], transforms: 0 };
    const path = `/media/w/800/${CASTLE}`;
    const copy = variantKey(CASTLE, 800);
    const failed = await get(path, counted(tally, true));
    expect(failed.status).toBe(200);
    expect(failed.headers.get("Content-Type")).toBe("image/png");
    expect(failed.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(new Uint8Array(await failed.arrayBuffer())).toEqual(castle);
    expect(tally).toEqual({ puts: [copy], transforms: 1 });

    // Another location (no Cache API copy) within the hour: the original again, with no transform tried.
    await evict(path);
    const again = await get(path, counted(tally));
    expect([again.headers.get("Content-Type"), again.headers.get("Cache-Control")]).toEqual(["image/png", "public, max-age=300"]);
    expect(tally).toEqual({ puts: [copy], transforms: 1 });

    // The hour has passed: the copy is made.
    const marker = await env.MEDIA.head(copy);
    const hourAgo = new Date(Date.now() - FAILED_COPY_RETRY_MS - 1000).toISOString();
    await env.MEDIA.put(copy, new Uint8Array(), { customMetadata: { ...marker?.customMetadata, failedAt: hourAgo } });
    await evict(path);
    const later = await get(path, counted(tally));
    expect(later.headers.get("Content-Type")).toBe("image/webp");
    expect(tally).toEqual({ puts: [copy, copy], transforms: 2 });
  });

  it("answers 400 for a width off the list, before looking anything up", async () => {
    for (const width of ["500", "0400", "abc", "400.0", "-400", "16000"]) {
      const res = await get(`/media/w/${width}/${CASTLE}`);
      expect(res.status, width).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid width: must be one of 160, 400, 800, 1200, 1600" });
    }
  });

  it("answers 400 for a malformed key and 404 for a file the sync never copied, storing nothing", async () => {
    for (const path of [
      "/media/w/400/..%2Fsecret",
      "/media/w/400/notion//x.png",
      "/media/w/400/a%00b",
      "/media/w/400/notion/nope/missing.png",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid media path" });
    }
    const unlisted = "notion/0f3c9a1e-9999-2222-3333-444455556666/unlisted.png";
    await env.MEDIA.put(unlisted, castle, { httpMetadata: { contentType: "image/png" } });
    const tally: Tally = { puts: [], transforms: 0 };
    for (const key of [unlisted, "notion/0f3c9a1e-0000-2222-3333-444455556666/missing.png"]) {
      const res = await get(`/media/w/400/${key}`, counted(tally));
      expect(res.status, key).toBe(404);
      expect(await res.json()).toEqual({ error: `Not found: /media/${key}` });
    }
    expect(tally).toEqual({ puts: [], transforms: 0 });
  });

  it("keeps every copy of a file under one R2 prefix derived from its key", async () => {
    const listed = await env.MEDIA.list({ prefix: variantPrefix(CASTLE) });
    expect(listed.objects.length).toBeGreaterThan(0);
    for (const object of listed.objects) expect(variantKeys(CASTLE)).toContain(object.key);
    expect(variantKeys(CASTLE)).toEqual([
      ...[160, 400, 800, 1200, 1600].map((w) => `variants/${CASTLE}/${w}.webp`),
      `variants/${CASTLE}/social.jpg`,
    ]);
    expect((await env.MEDIA.list({ prefix: variantPrefix(CASTLE.slice(0, -1)) })).objects).toEqual([]);
  });
});
