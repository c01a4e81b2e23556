/** HTTP answers for files in R2 (`/media`): their headers, conditional requests and this location's Cache API. */

/** Cache-Control of a served file: its address never changes content. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** True when an If-None-Match header matches the ETag (weak comparison, `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

const edgeCache = () => caches.default;

/** The response headers of a served file: immutable caching, its type and ETag, and no way to run script on our origin. */
export function fileHeaders(object: R2Object): Headers {
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
export function notModified(ifNoneMatch: string | undefined, headers: Headers): Response | null {
  const etag = headers.get("ETag");
  if (!etag || !matches(ifNoneMatch, etag)) return null;
  const kept = new Headers(headers);
  kept.delete("Content-Length");
  return new Response(null, { status: 304, headers: kept });
}

/** The answer this location's Cache API holds for `cacheKey` (304 or bodiless for HEAD as asked), or null on a miss. */
export async function fromEdgeCache(cacheKey: Request, ifNoneMatch: string | undefined, head: boolean): Promise<Response | null> {
  const cached = await edgeCache().match(cacheKey);
  if (!cached) return null;
  const unchanged = notModified(ifNoneMatch, cached.headers);
  if (unchanged || head) {
    await cached.body?.cancel();
    return unchanged ?? new Response(null, { headers: cached.headers });
  }
  return cached;
}

/** Answers `res` and keeps a copy in this location's Cache API (after the answer, in the background). */
export function toEdgeCache(ctx: { waitUntil(promise: Promise<unknown>): void }, cacheKey: Request, res: Response): Response {
  ctx.waitUntil(edgeCache().put(cacheKey, res.clone()));
  return res;
}
