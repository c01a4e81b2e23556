/**
 * Resized copies of synced files, shared by the worker (which makes and serves them) and the site (whose srcsets name
 * them): `/media/w/{width}/{key}` is the WebP copy of `/media/{key}` at most `width` pixels wide.
 */

/**
 * The widths `/media/w/{width}/...` accepts, narrowest first: 160 for 80 px thumbnails on 2x screens, 400 to 1600 for
 * cards and item images from a 1x phone to a 2x desktop. Any other width answers 400, so the copies stay a fixed few.
 */
export const VARIANT_WIDTHS = [160, 400, 800, 1200, 1600] as const;

/** One of the widths a resized copy can have. */
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** URL prefix of resized copies. */
export const VARIANT_URL_PREFIX = "/media/w/";

const MEDIA_URL_PREFIX = "/media/";

/** True when `url` names a file the sync copied (`/media/{key}`), the only images with resized copies. */
export function isMediaUrl(url: string | null | undefined): url is string {
  return !!url && url.startsWith(MEDIA_URL_PREFIX) && !url.startsWith(VARIANT_URL_PREFIX);
}

/** The R2 key a synced file's `/media/{key}` address names. */
export function mediaUrlKey(mediaUrl: string): string {
  return mediaUrl.slice(MEDIA_URL_PREFIX.length);
}

/** The address of the `width` copy of a synced file's `/media/{key}` address. */
export function variantUrl(mediaUrl: string, width: VariantWidth): string {
  return `${VARIANT_URL_PREFIX}${width}/${mediaUrl.slice(MEDIA_URL_PREFIX.length)}`;
}
