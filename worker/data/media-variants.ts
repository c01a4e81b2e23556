import { SOCIAL_WIDTH, VARIANT_WIDTHS, type VariantWidth } from "#contract/media-variants";

/**
 * Resized copies in R2: `variants/{key}/{width}.webp`, made from the file `key` on the first request for that width,
 * and `variants/{key}/social.jpg`, its social card copy (JPEG).
 * A synced file's key names its Notion file id, which changes when the file is replaced, so each width of each file
 * version is made once; everything derived from `key` lies under `variantPrefix(key)`, which deleting `key` should clear.
 */
const VARIANTS_ROOT = "variants/";

/** Types the Images binding resizes; anything else (SVG, PDF, …) is served as it is at every width. */
const RESIZABLE = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]);

/** Custom metadata of a copy that would not be smaller than its original: the original is served instead. */
const USE_ORIGINAL = { use: "original" } as const;

/** The R2 prefix holding every resized copy of the file `key` (with a trailing slash, so no other key's copies match). */
export function variantPrefix(key: string): string {
  return `${VARIANTS_ROOT}${key}/`;
}

/** The R2 key of the `width` copy of the file `key`. */
export function variantKey(key: string, width: VariantWidth): string {
  return `${variantPrefix(key)}${width}.webp`;
}

/** The R2 key of the social card copy of the file `key`. */
export function socialKey(key: string): string {
  return `${variantPrefix(key)}social.jpg`;
}

/** Every R2 key a copy of `key` can have (for deleting them with the file: `bucket.delete(variantKeys(key))`). */
export function variantKeys(key: string): string[] {
  return [...VARIANT_WIDTHS.map((width) => variantKey(key, width)), socialKey(key)];
}

/** True when the Images binding can resize a file of this type. */
export function isResizable(contentType: string | undefined): boolean {
  return RESIZABLE.has(contentType?.split(";")[0]?.trim().toLowerCase() ?? "");
}

/** True when a stored copy records that its original is served in its place. */
export function usesOriginal(copy: R2Object): boolean {
  return copy.customMetadata?.use === USE_ORIGINAL.use;
}

/**
 * How long a copy the Images binding failed to make is not tried again (its original is served meanwhile): a broken
 * image costs one transform an hour per size at most, and an outage of the binding is over within it.
 */
export const FAILED_COPY_RETRY_MS = 60 * 60_000;

/** Records at `target` that making the copy of `key` failed at `now`: the original is served until FAILED_COPY_RETRY_MS has passed. */
export async function rememberFailedCopy(bucket: R2Bucket, key: string, target: string, now = Date.now()): Promise<void> {
  await bucket.put(target, new Uint8Array(), { customMetadata: { ...USE_ORIGINAL, source: key, failedAt: new Date(now).toISOString() } });
}

/** For a stored marker of a failed copy: whether it is still fresh (true) or due to be tried again (false); null for anything else. */
export function failedCopyFresh(copy: R2Object, now = Date.now()): boolean | null {
  const failedAt = copy.customMetadata?.failedAt;
  if (!usesOriginal(copy) || failedAt === undefined) return null;
  const at = Date.parse(failedAt);
  return Number.isFinite(at) && now - at < FAILED_COPY_RETRY_MS;
}

/** A copy just made: its R2 record and bytes, or null when it would not be smaller than the original (served instead). */
export type MadeVariant = { copy: R2Object; bytes: ArrayBuffer } | null;

/**
 * Resizes `original` (the file `key`) to at most `width` pixels wide as WebP (never enlarging it) and stores the copy;
 * when the copy would not be smaller than the original, stores an empty marker saying so instead (and answers null).
 * Throws when the Images binding fails (a broken image, an outage): nothing is stored then.
 */
export async function makeVariant(
  bucket: R2Bucket,
  images: ImagesBinding,
  key: string,
  original: R2ObjectBody,
  width: VariantWidth,
): Promise<MadeVariant> {
  const result = await images.input(original.body).transform({ width, fit: "scale-down" }).output({ format: "image/webp" });
  return storeCopy(bucket, key, variantKey(key, width), original, await result.response().arrayBuffer(), "image/webp", true);
}

/** Originals a social site shows as they are: a larger JPEG copy of one of these is not kept. */
const SOCIAL_FORMATS = new Set(["image/jpeg", "image/png", "image/gif"]);

/**
 * Makes and stores the social card copy of `original` (the file `key`): a JPEG at most SOCIAL_WIDTH wide. The
 * original is served in its place (null) only when it is itself a JPEG, PNG or GIF and the copy would not be smaller;
 * a WebP or AVIF always gets its JPEG. Throws when the Images binding fails: nothing is stored then.
 */
export async function makeSocialCopy(bucket: R2Bucket, images: ImagesBinding, key: string, original: R2ObjectBody): Promise<MadeVariant> {
  const type = original.httpMetadata?.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const result = await images
    .input(original.body)
    .transform({ width: SOCIAL_WIDTH, fit: "scale-down" })
    .output({ format: "image/jpeg", quality: 85 });
  return storeCopy(bucket, key, socialKey(key), original, await result.response().arrayBuffer(), "image/jpeg", SOCIAL_FORMATS.has(type));
}

/** Stores a copy's `bytes` at `target`, or (when `originalWillDo` and they are no smaller) the marker serving the original. */
async function storeCopy(
  bucket: R2Bucket,
  key: string,
  target: string,
  original: R2Object,
  bytes: ArrayBuffer,
  contentType: string,
  originalWillDo: boolean,
): Promise<MadeVariant> {
  if (originalWillDo && bytes.byteLength >= original.size) {
    await bucket.put(target, new Uint8Array(), { customMetadata: { ...USE_ORIGINAL, source: key } });
    return null;
  }
  const copy = await bucket.put(target, bytes, { httpMetadata: { contentType }, customMetadata: { source: key } });
  // put answers null only for a conditional write, which this is not.
  return { copy: copy!, bytes };
}
