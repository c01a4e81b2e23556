import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppEnv } from "../../app-env";
import { recordMediaFiles } from "../../data/media-files";
import { onError } from "../../lib/errors";
import { IMMUTABLE } from "./media-http";
import { serveMediaFile } from "./serve-media-file";

const reads: { key: string; head: boolean }[] = [];
let missing = false;
const app = new Hono<AppEnv>().onError(onError);
// `/files/{key}` serves `key` (its decoded spelling); the key `bad` stands for a path that gave none.
app.on(["GET", "HEAD"], "/files/:key", (c) =>
  serveMediaFile(c, "/files/", c.req.param("key") === "bad" ? null : c.req.param("key"), async (key, head) => {
    reads.push({ key, head });
    if (missing) return null;
    const headers = new Headers({ ETag: `"etag-${key}"`, "Content-Type": "text/plain", "Cache-Control": IMMUTABLE });
    return { body: head ? null : (new TextEncoder().encode(`bytes of ${key}`).slice().buffer as ArrayBuffer), headers };
  }),
);

async function request(path: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await app.request(`http://localhost${path}`, init ?? {}, env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, etag: res.headers.get("ETag"), text: await res.text(), location: res.headers.get("Location") };
}

beforeAll(async () => {
  await recordMediaFiles(env.DB, ["listed-a", "listed-b", "listed-c", "listed-d", "listed-e"]);
});

beforeEach(() => {
  reads.length = 0;
  missing = false;
});

describe("serveMediaFile", () => {
  it("answers 400 when the path gave no key, reading nothing", async () => {
    expect(await request("/files/bad")).toMatchObject({ status: 400, etag: null, text: JSON.stringify({ error: "Invalid media path" }) });
    expect(reads).toEqual([]);
  });

  it("answers 404 for a key the sync did not copy, reading nothing", async () => {
    expect(await request("/files/unlisted")).toMatchObject({
      status: 404,
      etag: null,
      text: JSON.stringify({ error: "Not found: /media/unlisted" }),
    });
    expect(reads).toEqual([]);
  });

  it("answers 404 for a listed key the read cannot find", async () => {
    missing = true;
    expect((await request("/files/listed-a")).text).toBe(JSON.stringify({ error: "Not found: /media/listed-a" }));
    expect(reads).toEqual([{ key: "listed-a", head: false }]);
  });

  it("serves the read's answer once, then this location's Cache API copy", async () => {
    expect(await request("/files/listed-b")).toMatchObject({ status: 200, etag: '"etag-listed-b"', text: "bytes of listed-b" });
    expect(await request("/files/listed-b")).toMatchObject({ status: 200, etag: '"etag-listed-b"', text: "bytes of listed-b" });
    expect(reads).toEqual([{ key: "listed-b", head: false }]);
  });

  it("answers another spelling of the key with a 301 to its one address, reading nothing and caching nothing under it", async () => {
    for (const spelling of ["/files/listed-%65", "/files/%6Cisted-e", "/files/listed%2De"]) {
      expect(await request(spelling)).toMatchObject({ status: 301, location: "/files/listed-e" });
    }
    expect(reads).toEqual([]);
    expect(await request("/files/listed-e")).toMatchObject({ status: 200, text: "bytes of listed-e" });
    expect(reads).toEqual([{ key: "listed-e", head: false }]);
  });

  it("tells the read a HEAD request and answers it without a body", async () => {
    expect(await request("/files/listed-c", { method: "HEAD" })).toMatchObject({ status: 200, etag: '"etag-listed-c"', text: "" });
    expect(reads).toEqual([{ key: "listed-c", head: true }]);
  });

  it("answers 304 without a body when If-None-Match matches the answer's ETag", async () => {
    expect(await request("/files/listed-d", { headers: { "If-None-Match": '"etag-listed-d"' } })).toMatchObject({
      status: 304,
      etag: '"etag-listed-d"',
      text: "",
    });
  });
});
