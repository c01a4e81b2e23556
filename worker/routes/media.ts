import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { isMediaFile } from "../data/media-files";
import { fail } from "../lib/errors";

/** `GET|HEAD /media/*`: files the sync copied into R2 (and only those), through the Cache API, with long-lived immutable caching. */
const media = new Hono<AppEnv>();

const IMMUTABLE = "public, max-age=31536000, immutable";
const MAX_KEY_BYTES = 1024;

/** The R2 key of a `/media/...` path, or null when it is malformed or tries to leave the media namespace. */
export function mediaKey(pathname: string): string | null {
  const raw = pathname.replace(/^\/media\//, "");
  let key: string;
  try {
    key = raw.split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  const segments = key.split("/");
  if (!key || segments.some((s) => s === "" || s === "." || s === "..") || /[\\\0-\x1f]/.test(key)) return null;
  // R2 refuses keys over 1,024 bytes; no key the sync writes comes near that.
  if (new TextEncoder().encode(key).length > MAX_KEY_BYTES) return null;
  return key;
}

/** True when an If-None-Match header matches the ETag (weak comparison, `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

// The tsconfig shared with the site types `caches` by the DOM lib, which lacks Workers' `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The response headers of a served file: immutable caching, its type and ETag, and no way to run script on our origin. */
function fileHeaders(object: R2Object): Headers {
  return new Headers({
    "Cache-Control": IMMUTABLE,
    ETag: object.httpEtag,
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Content-Length": String(object.size),
    "X-Content-Type-Options": "nosniff",
    // Files come from Notion: never let one (an SVG, say) run script on our origin when opened directly.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  });
}

/** 304 without a body when If-None-Match matches the file's ETag, else null. */
function notModified(ifNoneMatch: string | undefined, headers: Headers): Response | null {
  const etag = headers.get("ETag");
  if (!etag || !matches(ifNoneMatch, etag)) return null;
  const kept = new Headers(headers);
  kept.delete("Content-Length");
  return new Response(null, { status: 304, headers: kept });
}

// A file the sync copied is served from this location's Cache API copy (keyed by its URL alone); only a miss asks D1
// whether the sync copied that key and reads R2. Keys are content-addressed by the sync, so a cached copy never goes stale.
media.on(["GET", "HEAD"], "/*", async (c) => {
  const url = new URL(c.req.url);
  const key = mediaKey(url.pathname);
  if (!key) fail(400, "Invalid media path");
  const head = c.req.method === "HEAD";
  const cacheKey = new Request(`${url.origin}${url.pathname}`);
  const cached = await edgeCache().match(cacheKey);
  if (cached) {
    const unchanged = notModified(c.req.header("If-None-Match"), cached.headers);
    if (unchanged || head) {
      await cached.body?.cancel();
      return unchanged ?? new Response(null, { headers: cached.headers });
    }
    return cached;
  }
  if (!(await isMediaFile(c.env.DB, key))) fail(404, `Not found: /media/${key}`);
  const object = head ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key);
  if (!object) fail(404, `Not found: /media/${key}`);
  const headers = fileHeaders(object);
  const unchanged = notModified(c.req.header("If-None-Match"), headers);
  if (unchanged || head || !("body" in object)) {
    if ("body" in object) await (object as R2ObjectBody).body.cancel();
    return unchanged ?? new Response(null, { headers });
  }
  const res = new Response((object as R2ObjectBody).body, { headers });
  c.executionCtx.waitUntil(edgeCache().put(cacheKey, res.clone()));
  return res;
});

export default media;
