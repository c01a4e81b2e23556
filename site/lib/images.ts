const WITH_DEFAULTS = ["slots", "parts", "arcades", "trade-stimulators", "vending", "toys", "advertising"];

/** The generic default image, for categories without their own. */
export const GENERIC_IMAGE = "/images/defaults/generic.svg";

/** The default image of a category (generic for any other). */
export function defaultImageFor(category: string): string {
  return WITH_DEFAULTS.includes(category) ? `/images/defaults/${category}.svg` : GENERIC_IMAGE;
}

/** The image an item card shows: its main image, else its category's default. */
export function itemImageUrl(item: { category: string; mainImageUrl: string | null }): string {
  return item.mainImageUrl?.trim() || defaultImageFor(item.category);
}

/** Every image of an item in gallery order (main first, no duplicates); the category default when it has none. */
export function itemImages(item: { category: string; mainImageUrl: string | null; additionalImageUrls: string[] }): string[] {
  const urls = [item.mainImageUrl, ...item.additionalImageUrls].filter((u): u is string => Boolean(u?.trim()));
  const unique = [...new Set(urls)];
  return unique.length ? unique : [defaultImageFor(item.category)];
}

/** Whether an item's images are photos worth viewing up close: not just its category's default picture. */
export function hasPhotos(images: string[], category: string): boolean {
  return images.length > 0 && !(images.length === 1 && images[0] === defaultImageFor(category));
}
