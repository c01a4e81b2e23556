import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { isMediaFile } from "../data/media-files";
import { fail } from "../lib/errors";
import { fromEdgeCache, notModified, toEdgeCache } from "./lib/media-http";

/** A file to answer with: its body (none for HEAD) and its headers (fileHeaders). */
export type MediaAnswer = { body: ReadableStream | ArrayBuffer | null; headers: Headers };

/**
 * Serves the synced file `key` at the request's URL, as `/media` and its resized copies do: 400 when the path gave no
 * key; this location's Cache API copy (keyed by the URL alone) when it holds one; 404 unless D1 lists `key` as a
 * file the sync copied or `read` (given the key and whether the request is HEAD) finds nothing; else its answer, 304 on a matching
 * If-None-Match, bodiless for HEAD, and kept in the Cache API.
 */
export async function serveMediaFile(
  c: Context<AppEnv>,
  key: string | null,
  read: (key: string, head: boolean) => Promise<MediaAnswer | null>,
): Promise<Response> {
  if (!key) fail(400, "Invalid media path");
  const url = new URL(c.req.url);
  const head = c.req.method === "HEAD";
  const cacheKey = new Request(`${url.origin}${url.pathname}`);
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
