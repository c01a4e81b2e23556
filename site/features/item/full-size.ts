import { VARIANT_WIDTHS, isMediaUrl, variantUrl } from "#contract/media-variants";
import { defaultImageFor } from "../../lib/images";

/** The widest resized copy the worker makes: the lightbox's full size (the worker never enlarges, so a smaller original comes back as it is). */
const LARGEST = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];

/** The address the lightbox shows an image at: the worker's largest copy of a synced file, any other image as it is. */
export function fullSizeUrl(src: string): string {
  return isMediaUrl(src) ? variantUrl(src, LARGEST) : src;
}

/** Whether an item's images are photos worth viewing up close: not just its category's default picture. */
export function hasPhotos(images: string[], category: string): boolean {
  return images.length > 0 && !(images.length === 1 && images[0] === defaultImageFor(category));
}
