import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { fileHeaders } from "./media-http";
import { isSyncedFileKey } from "../../sync/files/file-keys";
import { serveMediaFile } from "./serve-media-file";

/** `GET|HEAD /media/*`: files the sync copied into R2 (and only those), through the Cache API, with long-lived immutable caching. */
const media = new Hono<AppEnv>();

const MAX_KEY_BYTES = 1024;

/**
 * The R2 key of a `/media/...` path, or null when it is malformed, tries to leave the media namespace or has a shape
 * no key the sync writes has (isSyncedFileKey): such a path is answered 400 without asking D1.
 */
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
  return isSyncedFileKey(key) ? key : null;
}

// A file the sync copied is served from this location's Cache API copy (keyed by its URL alone); only a miss asks D1
// whether the sync copied that key and reads R2. Keys are content-addressed by the sync, so a cached copy never goes stale.
media.on(["GET", "HEAD"], "/*", async (c) => {
  return serveMediaFile(c, "/media/", mediaKey(new URL(c.req.url).pathname), async (key, head) => {
    const object = head ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key);
    return object && { body: "body" in object ? (object as R2ObjectBody).body : null, headers: fileHeaders(object) };
  });
});

export default media;
