/**
 * Resized copies of synced files, shared by the worker (which makes and serves them) and the site (whose srcsets and
 * social cards name them): `/media/w/{width}/{key}` is the WebP copy of `/media/{key}` at most `width` pixels wide,
 * `/media/og/{key}` its JPEG copy at most SOCIAL_WIDTH wide for social sites' link previews (which show no SVG, and
 * not every one WebP).
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

/** URL prefix of social card copies. */
const SOCIAL_URL_PREFIX = "/media/og/";

/** The widest a social card copy is: the 1200 px Facebook, LinkedIn and X show a large link preview at. */
export const SOCIAL_WIDTH = 1200;

const MEDIA_URL_PREFIX = "/media/";

/** True when `url` names a file the sync copied (`/media/{key}`), the only images with resized copies. */
export function isMediaUrl(url: string | null | undefined): url is string {
  return !!url && url.startsWith(MEDIA_URL_PREFIX) && !url.startsWith(VARIANT_URL_PREFIX) && !url.startsWith(SOCIAL_URL_PREFIX);
}

/** The R2 key a synced file's `/media/{key}` address names. */
export function mediaUrlKey(mediaUrl: string): string {
  return mediaUrl.slice(MEDIA_URL_PREFIX.length);
}

/** The address of the `width` copy of a synced file's `/media/{key}` address. */
export function variantUrl(mediaUrl: string, width: VariantWidth): string {
  return `${VARIANT_URL_PREFIX}${width}/${mediaUrl.slice(MEDIA_URL_PREFIX.length)}`;
}

/** The address of the social card copy (JPEG, at most SOCIAL_WIDTH wide) of a synced file's `/media/{key}` address. */
export function socialImageUrl(mediaUrl: string): string {
  return `${SOCIAL_URL_PREFIX}${mediaUrl.slice(MEDIA_URL_PREFIX.length)}`;
}
