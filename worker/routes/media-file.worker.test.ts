import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppEnv } from "../app-env";
import { recordMediaFiles } from "../data/media-files";
import { onError } from "../lib/errors";
import { IMMUTABLE } from "./lib/media-http";
import { serveMediaFile } from "./media-file";

const reads: { key: string; head: boolean }[] = [];
let missing = false;
const app = new Hono<AppEnv>().onError(onError);
// `/files/{key}` serves `key`; the key `bad` stands for a path that gave none.
app.on(["GET", "HEAD"], "/files/:key", (c) =>
  serveMediaFile(c, c.req.param("key") === "bad" ? null : c.req.param("key"), async (key, head) => {
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
  return { status: res.status, etag: res.headers.get("ETag"), text: await res.text() };
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
    expect(await request("/files/bad")).toEqual({ status: 400, etag: null, text: JSON.stringify({ error: "Invalid media path" }) });
    expect(reads).toEqual([]);
  });

  it("answers 404 for a key the sync did not copy, reading nothing", async () => {
    expect(await request("/files/unlisted")).toEqual({
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
    expect(await request("/files/listed-b")).toEqual({ status: 200, etag: '"etag-listed-b"', text: "bytes of listed-b" });
    expect(await request("/files/listed-b")).toEqual({ status: 200, etag: '"etag-listed-b"', text: "bytes of listed-b" });
    expect(reads).toEqual([{ key: "listed-b", head: false }]);
  });

  it("tells the read a HEAD request and answers it without a body", async () => {
    expect(await request("/files/listed-c", { method: "HEAD" })).toEqual({ status: 200, etag: '"etag-listed-c"', text: "" });
    expect(reads).toEqual([{ key: "listed-c", head: true }]);
  });

  it("answers 304 without a body when If-None-Match matches the answer's ETag", async () => {
    expect(await request("/files/listed-d", { headers: { "If-None-Match": '"etag-listed-d"' } })).toEqual({
      status: 304,
      etag: '"etag-listed-d"',
      text: "",
    });
  });
});
