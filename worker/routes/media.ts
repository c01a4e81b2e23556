import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { isMediaFile } from "../data/media-files";
import { fail } from "../lib/errors";
import { fileHeaders, fromEdgeCache, notModified, toEdgeCache } from "../lib/media-http";

/** `GET|HEAD /media/*`: files the sync copied into R2 (and only those), through the Cache API, with long-lived immutable caching. */
const media = new Hono<AppEnv>();

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

// A file the sync copied is served from this location's Cache API copy (keyed by its URL alone); only a miss asks D1
// whether the sync copied that key and reads R2. Keys are content-addressed by the sync, so a cached copy never goes stale.
media.on(["GET", "HEAD"], "/*", async (c) => {
  const url = new URL(c.req.url);
  const key = mediaKey(url.pathname);
  if (!key) fail(400, "Invalid media path");
  const head = c.req.method === "HEAD";
  const cacheKey = new Request(`${url.origin}${url.pathname}`);
  const cached = await fromEdgeCache(cacheKey, c.req.header("If-None-Match"), head);
  if (cached) return cached;
  if (!(await isMediaFile(c.env.DB, key))) fail(404, `Not found: /media/${key}`);
  const object = head ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key);
  if (!object) fail(404, `Not found: /media/${key}`);
  const headers = fileHeaders(object);
  const unchanged = notModified(c.req.header("If-None-Match"), headers);
  if (unchanged || head || !("body" in object)) {
    if ("body" in object) await (object as R2ObjectBody).body.cancel();
    return unchanged ?? new Response(null, { headers });
  }
  return toEdgeCache(c.executionCtx, cacheKey, new Response((object as R2ObjectBody).body, { headers }));
});

export default media;
