import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { isMediaFile } from "../data/media-files";
import { isResizable, makeVariant, usesOriginal, variantKey } from "../data/media-variants";
import { VARIANT_WIDTHS, type VariantWidth } from "#contract/media-variants";
import { errorMessage, fail } from "../lib/errors";
import { fileHeaders, fromEdgeCache, notModified, toEdgeCache } from "../lib/media-http";
import { validate } from "../lib/validate";
import { mediaKey } from "./media";

/**
 * `GET|HEAD /media/w/{width}/{key}`: the WebP copy of the synced file `key`, at most `width` pixels wide (one of
 * VARIANT_WIDTHS). Made through the Images binding on the first request and kept in R2, then served like `/media`.
 */
const mediaVariants = new Hono<AppEnv>();

/** How long a location keeps the original served because the Images binding failed, before trying again. */
const RETRY_CACHE = "public, max-age=300";

const params = z.object({
  width: z
    .string()
    .refine((raw) => VARIANT_WIDTHS.some((w) => String(w) === raw), `must be one of ${VARIANT_WIDTHS.join(", ")}`)
    .transform((raw) => Number(raw) as VariantWidth),
});

/** What to answer: the copy, or the original when it cannot be resized or its copy would not be smaller. */
type Answer = { body: ReadableStream | ArrayBuffer; headers: Headers };

/** The original file served in place of a copy (with a short cache when `retry`), or null when R2 lost it. */
async function original(bucket: R2Bucket, key: string, retry = false): Promise<Answer | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const headers = fileHeaders(object);
  if (retry) headers.set("Cache-Control", RETRY_CACHE);
  return { body: object.body, headers };
}

/** The stored copy of `key` at `width`, made now if there is none yet; the original where a copy cannot help. */
async function variant(env: Env, key: string, width: VariantWidth): Promise<Answer | null> {
  const stored = await env.MEDIA.get(variantKey(key, width));
  if (stored && !usesOriginal(stored)) return { body: stored.body, headers: fileHeaders(stored) };
  await stored?.body.cancel();
  const source = await env.MEDIA.get(key);
  if (!source) return null;
  if (stored || !isResizable(source.httpMetadata?.contentType)) return { body: source.body, headers: fileHeaders(source) };
  try {
    const made = await makeVariant(env.MEDIA, env.IMAGES, key, source, width);
    // The Images binding read the first copy of the original, so it is read again when it is the answer.
    return made ? { body: made.bytes, headers: fileHeaders(made.copy) } : await original(env.MEDIA, key);
  } catch (err) {
    console.warn(`media: no ${width} px copy of ${key}, serving the original: ${errorMessage(err)}`);
    return original(env.MEDIA, key, true);
  }
}

// Like /media: the Cache API first (keyed by the URL alone), then D1's list of synced files, then R2.
mediaVariants.on(["GET", "HEAD"], "/:width/*", validate("param", params), async (c) => {
  const { width } = c.req.valid("param");
  const url = new URL(c.req.url);
  const rest = /^\/media\/w\/[^/]+\/(.+)$/.exec(url.pathname)?.[1];
  const key = rest ? mediaKey(`/media/${rest}`) : null;
  if (!key) fail(400, "Invalid media path");
  const head = c.req.method === "HEAD";
  const cacheKey = new Request(`${url.origin}${url.pathname}`);
  const cached = await fromEdgeCache(cacheKey, c.req.header("If-None-Match"), head);
  if (cached) return cached;
  if (!(await isMediaFile(c.env.DB, key))) fail(404, `Not found: /media/${key}`);
  const answer = await variant(c.env, key, width);
  if (!answer) fail(404, `Not found: /media/${key}`);
  const unchanged = notModified(c.req.header("If-None-Match"), answer.headers);
  if (unchanged || head) {
    if (answer.body instanceof ReadableStream) await answer.body.cancel();
    return unchanged ?? new Response(null, { headers: answer.headers });
  }
  return toEdgeCache(c.executionCtx, cacheKey, new Response(answer.body, { headers: answer.headers }));
});

export default mediaVariants;
