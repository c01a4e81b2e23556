import { isMediaUrl, socialImageUrl } from "#contract/media-variants";

/** What a page's `og:image` tags say: the image's address (site path or absolute), its alt text, and its size when known. */
export type SocialImage = { url: string; alt: string; width?: number; height?: number };

/** The site's default social card (drawn in code: `scripts/pixel-art/social-image.ts`), for pages whose image social sites cannot show. */
export const DEFAULT_SOCIAL_IMAGE = { url: "/images/social-default.png", width: 1200, height: 630 } as const;

/** Synced files the worker can give a JPEG social copy of. */
const RESIZABLE_FILE = /\.(jpe?g|png|gif|webp|avif)$/i;

/** Images elsewhere that every social site shows as they are (not SVG, not WebP: some do not show those). */
const SHOWN_AS_IS = /\.(jpe?g|png|gif)$/i;

/** The path of an address without its query or fragment, or null when it is not one. */
function pathOf(url: string): string | null {
  try {
    return new URL(url, "http://site.invalid").pathname;
  } catch {
    return null;
  }
}

/**
 * The `og:image` of a page showing `image` (alt text `alt`): a synced photo's JPEG social copy (`/media/og/...`), an
 * external JPEG, PNG or GIF as it is, and for anything else (an SVG such as a category's default drawing, a WebP
 * elsewhere, no image) the site's default card, described by `fallbackAlt`.
 */
export function socialImage(image: string | null | undefined, alt: string, fallbackAlt: string): SocialImage {
  const path = image ? pathOf(image) : null;
  if (image && path && isMediaUrl(image) && RESIZABLE_FILE.test(path)) return { url: socialImageUrl(image), alt };
  if (image && path && /^https?:\/\//i.test(image) && SHOWN_AS_IS.test(path)) return { url: image, alt };
  return { ...DEFAULT_SOCIAL_IMAGE, alt: fallbackAlt };
}
