import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { isMediaFile } from "../../data/media-files";
import { fail } from "../../lib/errors";
import { fromEdgeCache, notModified, toEdgeCache } from "./media-http";

/** A file to answer with: its body (none for HEAD) and its headers (fileHeaders). */
export type MediaAnswer = { body: ReadableStream | ArrayBuffer | null; headers: Headers };

/**
 * Serves the synced file `key` at `prefix` + `key`, as `/media` and its resized copies do: 400 when the path gave no
 * key; a 301 to that address when the request spelt the key otherwise (`%61` for `a`: every spelling would otherwise
 * be a cache entry and a D1 lookup of its own); this location's Cache API copy (keyed by that address) when it holds
 * one; 404 unless D1 lists `key` as a file the sync copied or `read` (given the key and whether the request is HEAD)
 * finds nothing; else its answer, 304 on a matching If-None-Match, bodiless for HEAD, and kept in the Cache API.
 */
export async function serveMediaFile(
  c: Context<AppEnv>,
  prefix: string,
  key: string | null,
  read: (key: string, head: boolean) => Promise<MediaAnswer | null>,
): Promise<Response> {
  if (!key) fail(400, "Invalid media path");
  const url = new URL(c.req.url);
  // Synced keys hold only characters a path keeps as they are, so prefix + key is the one spelling of the address.
  const canonical = `${prefix}${key}`;
  if (url.pathname !== canonical) return c.redirect(canonical, 301);
  const head = c.req.method === "HEAD";
  const cacheKey = new Request(`${url.origin}${canonical}`);
  const cached = await fromEdgeCache(cacheKey, c.req.header("If-None-Match"), head);
  if (cached) return cached;
  if (!(await isMediaFile(c.env.DB, key))) fail(404, `Not found: /media/${key}`);
  const answer = await read(key, head);
  if (!answer) fail(404, `Not found: /media/${key}`);
  const unchanged = notModified(c.req.header("If-None-Match"), answer.headers);
  if (unchanged || head || answer.body === null) {
    if (answer.body instanceof ReadableStream) await answer.body.cancel();
    return unchanged ?? new Response(null, { headers: answer.headers });
  }
  return toEdgeCache(c.executionCtx, cacheKey, new Response(answer.body, { headers: answer.headers }));
}
