import { VARIANT_WIDTHS, type VariantWidth } from "#contract/media-variants";

/**
 * Resized copies in R2: `variants/{key}/{width}.webp`, made from the file `key` on the first request for that width.
 * A synced file's key names its Notion file id, which changes when the file is replaced, so each width of each file
 * version is made once; everything derived from `key` lies under `variantPrefix(key)`, which deleting `key` should clear.
 */
export const VARIANTS_ROOT = "variants/";

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

/** Every R2 key a copy of `key` can have (for deleting them with the file: `bucket.delete(variantKeys(key))`). */
export function variantKeys(key: string): string[] {
  return VARIANT_WIDTHS.map((width) => variantKey(key, width));
}

/** True when the Images binding can resize a file of this type. */
export function isResizable(contentType: string | undefined): boolean {
  return RESIZABLE.has(contentType?.split(";")[0]?.trim().toLowerCase() ?? "");
}

/** True when a stored copy records that its original is served in its place. */
export function usesOriginal(copy: R2Object): boolean {
  return copy.customMetadata?.use === USE_ORIGINAL.use;
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
  const bytes = await result.response().arrayBuffer();
  const target = variantKey(key, width);
  if (bytes.byteLength >= original.size) {
    await bucket.put(target, new Uint8Array(), { customMetadata: { ...USE_ORIGINAL, source: key } });
    return null;
  }
  const copy = await bucket.put(target, bytes, { httpMetadata: { contentType: "image/webp" }, customMetadata: { source: key } });
  // put answers null only for a conditional write, which this is not.
  return { copy: copy!, bytes };
}
