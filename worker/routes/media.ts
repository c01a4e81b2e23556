import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { fail } from "../lib/errors";

/** `GET|HEAD /media/*`: files the sync copied into R2, served with long-lived immutable caching. */
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

media.on(["GET", "HEAD"], "/*", async (c) => {
  const key = mediaKey(new URL(c.req.url).pathname);
  if (!key) fail(400, "Invalid media path");
  const head = c.req.method === "HEAD";
  const object = head ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key);
  if (!object) fail(404, `Not found: /media/${key}`);
  const headers = new Headers({
    "Cache-Control": IMMUTABLE,
    ETag: object.httpEtag,
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    // Files come from Notion: never let one (an SVG, say) run script on our origin when opened directly.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  });
  if (matches(c.req.header("If-None-Match"), object.httpEtag)) {
    if ("body" in object) await (object as R2ObjectBody).body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(head || !("body" in object) ? null : (object as R2ObjectBody).body, { status: 200, headers });
});

export default media;
