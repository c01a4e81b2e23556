import { VARIANT_WIDTHS, isMediaUrl, variantUrl } from "#contract/media-variants";

/** The `sizes` of a listing or search card's image: one of two columns from 640 px, 490 px wide from 1280 px. */
export const CARD_IMAGE_SIZES = "(min-width: 1280px) 490px, (min-width: 640px) 45vw, 100vw";

/** The widest resized copy the worker makes. */
const WIDEST = VARIANT_WIDTHS.reduce((widest, width) => (width > widest ? width : widest));

/**
 * The `srcset` of a synced file's resized WebP copies (`/media/w/{width}/...`, made by the worker on first request), or
 * null for any other image (defaults, external URLs). Knowing the original's width, it lists the copies narrower than
 * the original and, at the original's own width, the next one up (the worker never enlarges), and null when only one
 * copy would be left. Without it (cards the listing renders in the browser), every width: a copy asked for wider than
 * its original comes back at the original's size.
 */
export function mediaSrcset(src: string | null | undefined, originalWidth?: number): string | null {
  if (!isMediaUrl(src)) return null;
  if (originalWidth === undefined) return VARIANT_WIDTHS.map((w) => `${variantUrl(src, w)} ${w}w`).join(", ");
  const candidates = VARIANT_WIDTHS.filter((w) => w < originalWidth).map((w) => `${variantUrl(src, w)} ${w}w`);
  const covering = VARIANT_WIDTHS.find((w) => w >= originalWidth);
  if (covering !== undefined) candidates.push(`${variantUrl(src, covering)} ${originalWidth}w`);
  return candidates.length > 1 ? candidates.join(", ") : null;
}

/** The address an image opens at full size: the worker's largest copy of a synced file (never enlarged: a smaller original comes back as it is), any other image as it is. */
export function fullSizeUrl(src: string): string {
  return isMediaUrl(src) ? variantUrl(src, WIDEST) : src;
}
