import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import {
  failedCopyFresh,
  isResizable,
  makeVariant,
  rememberFailedCopy,
  usesOriginal,
  variantKey,
  type MadeVariant,
} from "../../data/media-variants";
import { VARIANT_WIDTHS, type VariantWidth } from "#contract/media-variants";
import { fileHeaders } from "./media-http";
import { validate } from "../lib/validate";
import { mediaKey } from "./media";
import { serveMediaFile } from "./serve-media-file";
import { logEvent } from "../../lib/log";

/**
 * `GET|HEAD /media/w/{width}/{key}`: the WebP copy of the synced file `key`, at most `width` pixels wide (one of
 * VARIANT_WIDTHS). Made through the Images binding on the first request and kept in R2, then served like `/media`.
 */
const mediaVariants = new Hono<AppEnv>();

/** How long a location keeps the original served because the Images binding failed, before asking R2 again. */
const RETRY_CACHE = "public, max-age=300";

const params = z.object({
  width: z
    .string()
    .refine((raw) => VARIANT_WIDTHS.some((w) => String(w) === raw), `must be one of ${VARIANT_WIDTHS.join(", ")}`)
    .transform((raw) => Number(raw) as VariantWidth),
});

/** What to answer: the copy, or the original when it cannot be resized or its copy would not be smaller. */
export type Answer = { body: ReadableStream | ArrayBuffer; headers: Headers };

/** The original file served in place of a copy (with a short cache when `retry`), or null when R2 lost it. */
async function original(bucket: R2Bucket, key: string, retry = false): Promise<Answer | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const headers = fileHeaders(object);
  if (retry) headers.set("Cache-Control", RETRY_CACHE);
  return { body: object.body, headers };
}

/**
 * The stored copy of `key` at R2 key `copyKey`, made now by `make` if there is none yet; the original where a copy
 * cannot help (a type the Images binding does not resize, a copy no smaller), and, when the binding fails, for
 * FAILED_COPY_RETRY_MS: the failure is remembered in R2 at `copyKey`, so no request tries again before then.
 */
export async function copyOrOriginal(
  env: Env,
  key: string,
  copyKey: string,
  make: (source: R2ObjectBody) => Promise<MadeVariant>,
): Promise<Answer | null> {
  const stored = await env.MEDIA.get(copyKey);
  if (stored && !usesOriginal(stored)) return { body: stored.body, headers: fileHeaders(stored) };
  await stored?.body.cancel();
  const failed = stored && failedCopyFresh(stored);
  if (failed) return original(env.MEDIA, key, true);
  const source = await env.MEDIA.get(key);
  if (!source) return null;
  // A marker of a failure now due is tried again; any other marker says the original is the answer for good.
  if ((stored && failed === null) || !isResizable(source.httpMetadata?.contentType))
    return { body: source.body, headers: fileHeaders(source) };
  try {
    const made = await make(source);
    // The Images binding read the first copy of the original, so it is read again when it is the answer.
    return made ? { body: made.bytes, headers: fileHeaders(made.copy) } : await original(env.MEDIA, key);
  } catch (err) {
    logEvent("media_variant_failed", { key, copy: copyKey, error: err, message: "serving the original for an hour" }, "warn");
    await rememberFailedCopy(env.MEDIA, key, copyKey).catch((error: unknown) =>
      logEvent("media_variant_failed", { key, copy: copyKey, error, message: "the failure could not be remembered" }),
    );
    return original(env.MEDIA, key, true);
  }
}

// Like /media: the Cache API first (keyed by the URL alone), then D1's list of synced files, then R2.
mediaVariants.on(["GET", "HEAD"], "/:width/*", validate("param", params), async (c) => {
  const { width } = c.req.valid("param");
  const rest = /^\/media\/w\/[^/]+\/(.+)$/.exec(new URL(c.req.url).pathname)?.[1];
  return serveMediaFile(c, `/media/w/${width}/`, rest ? mediaKey(`/media/${rest}`) : null, (key) =>
    copyOrOriginal(c.env, key, variantKey(key, width), (source) => makeVariant(c.env.MEDIA, c.env.IMAGES, key, source, width)),
  );
});

export default mediaVariants;
