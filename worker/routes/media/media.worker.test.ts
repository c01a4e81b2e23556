import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { recordMediaFiles } from "../../data/media-files";
import worker from "../../index";
import { troubledD1 } from "../../test/d1-faults";

const KEY = "notion/0f3c9a1e-1111-2222-3333-444455556666/front.png";
const BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
const get = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

describe("GET /media/*", () => {
  beforeAll(async () => {
    await env.MEDIA.put(KEY, BYTES, { httpMetadata: { contentType: "image/png" } });
    await recordMediaFiles(env.DB, [KEY]);
  });

  it("serves the R2 object with its type, ETag and immutable caching", async () => {
    const res = await get(`/media/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES);
  });

  it("answers 304 without a body when If-None-Match matches", async () => {
    const etag = (await get(`/media/${KEY}`)).headers.get("ETag")!;
    const res = await get(`/media/${KEY}`, { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get("ETag")).toBe(etag);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("");
    expect((await get(`/media/${KEY}`, { headers: { "If-None-Match": `W/${etag}` } })).status).toBe(304);
    expect((await get(`/media/${KEY}`, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(`/media/${KEY}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Length")).toBe(String(BYTES.length));
    expect(await res.text()).toBe("");
  });

  it("answers 404 JSON for a missing file", async () => {
    const res = await get("/media/notion/0f3c9a1e-0000-2222-3333-444455556666/missing.png");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found: /media/notion/0f3c9a1e-0000-2222-3333-444455556666/missing.png" });
  });

  it("answers 400 to a key the sync never makes without asking D1, and asks D1 once about a well-formed one", async () => {
    const malformed = [
      "/media/notion/nope/missing.png",
      "/media/private/report.pdf",
      "/media/wp-login.php",
      "/media/notion/0f3c9a1e-0000-2222-3333-444455556666/a%20b.png",
      "/media/notion/0F3C9A1E-0000-2222-3333-444455556666/x.png",
      "/media/notion/0f3c9a1e-0000-2222-3333-444455556666/x/y.png",
      "/media/w/400/notion/nope/x.png",
      "/media/w/400/private/report.pdf",
    ];
    for (const path of malformed) {
      const asked: string[] = [];
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://localhost${path}`), { ...env, DB: troubledD1({ kind: "down" }, asked) }, ctx);
      await waitOnExecutionContext(ctx);
      expect([path, res.status, await res.json()]).toEqual([path, 400, { error: "Invalid media path" }]);
      expect(asked, path).toEqual([]);
    }
    const asked: string[] = [];
    const ctx = createExecutionContext();
    const wellFormed = "/media/notion/0f3c9a1e-0000-2222-3333-444455556666/missing.png";
    const res = await worker.fetch(new Request(`http://localhost${wellFormed}`), { ...env, DB: troubledD1({ kind: "down" }, asked) }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    expect(asked).toEqual(["SELECT 1 AS found FROM media_files WHERE key = ?1"]);
  });

  it("never serves dot segments: URL parsing resolves them away from /media, to the site's 404 page", async () => {
    await env.MEDIA.put("secret", "x");
    const res = await exports.default.fetch("http://localhost/media/notion/%2e%2e/%2e%2e/secret");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toBe("x");
  });

  it("rejects encoded traversal and malformed keys with 400", async () => {
    for (const path of [
      "/media/..%2Fsecret",
      "/media/notion/..%2F..%2Fsecret",
      "/media/notion//x.png",
      "/media/a%5Cb",
      "/media/%E0%A4%A",
      "/media/a%00b",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid media path" });
    }
  });

  it("answers 400, not R2's error, for keys longer than R2 allows (1,024 bytes), also on HEAD", async () => {
    const longest = `notion/${"a".repeat(1024 - "notion//x.png".length)}/x.png`;
    expect((await get(`/media/${longest}`)).status).toBe(404);
    for (const path of [`/media/${longest}x`, `/media/notion/${"a".repeat(1025)}/x.png`, `/media/${"%E2%82%AC".repeat(342)}`]) {
      const res = await get(path);
      expect(res.status, path.slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid media path" });
      expect((await get(path, { method: "HEAD" })).status).toBe(400);
    }
  });

  it("never serves a bucket object the sync did not copy: 404 where the sync writes, 400 anywhere else", async () => {
    const unlisted = "notion/0f3c9a1e-9999-2222-3333-444455556666/unlisted.png";
    await env.MEDIA.put(unlisted, BYTES);
    await env.MEDIA.put("private/report.pdf", "x");
    const res = await get(`/media/${unlisted}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: `Not found: /media/${unlisted}` });
    expect((await get(`/media/${unlisted}`, { method: "HEAD" })).status).toBe(404);
    const elsewhere = await get("/media/private/report.pdf");
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ error: "Invalid media path" });
    expect((await get("/media/private/report.pdf", { method: "HEAD" })).status).toBe(400);
  });

  it("serves a file again from the Cache API without asking D1 or R2, 304 included", async () => {
    const key = "notion/0f3c9a1e-7777-2222-3333-444455556666/cached.png";
    await env.MEDIA.put(key, BYTES, { httpMetadata: { contentType: "image/png" } });
    await recordMediaFiles(env.DB, [key]);
    const first = await get(`/media/${key}`);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const cacheKey = `http://localhost/media/${key}`;
    for (let tries = 0; tries < 50 && !(await (caches as unknown as { default: Cache }).default.match(cacheKey)); tries++)
      await new Promise((r) => setTimeout(r, 20));
    await env.MEDIA.delete(key);
    await env.DB.prepare("DELETE FROM media_files WHERE key = ?1").bind(key).run();
    const again = await get(`/media/${key}`);
    expect(again.status).toBe(200);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(again.headers.get("Content-Type")).toBe("image/png");
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(BYTES);
    const unchanged = await get(`/media/${key}`, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    const head = await get(`/media/${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("redirects another spelling of a key (percent-encoded letters) to its one address, asking D1 nothing", async () => {
    const spelt = KEY.replace("front.png", "%66ront.png").replace("notion/", "%6Eotion/");
    const asked: string[] = [];
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://localhost/media/${spelt}?v=1`),
      { ...env, DB: troubledD1({ kind: "down" }, asked) },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect([res.status, res.headers.get("Location")]).toEqual([301, `/media/${KEY}`]);
    expect(asked).toEqual([]);
    const variant = await get(`/media/w/400/${spelt}`, { redirect: "manual" });
    expect([variant.status, variant.headers.get("Location")]).toEqual([301, `/media/w/400/${KEY}`]);
    const social = await get(`/media/og/${spelt}`, { redirect: "manual" });
    expect([social.status, social.headers.get("Location")]).toEqual([301, `/media/og/${KEY}`]);
  });

  it("does not serve other methods", async () => {
    expect((await get(`/media/${KEY}`, { method: "POST" })).status).toBe(404);
  });
});
