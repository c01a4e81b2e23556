/** Thumbnail size and step in px (80 px thumbnails, 92 px apart). */
export const THUMB_SIZE = 80;
export const THUMB_STEP = 92;

/** Thumbnails visible at a viewport width: 3 under 640, 4 under 1024, otherwise 5. */
export function visibleThumbnails(width: number): number {
  if (width < 640) return 3;
  if (width < 1024) return 4;
  return 5;
}

/** The strip offset (in thumbnails) that keeps `index` in view, clamped to the strip. */
export function offsetFor(index: number, offset: number, visible: number, count: number): number {
  const max = Math.max(0, count - visible);
  let next = offset;
  if (index < next) next = index;
  if (index >= next + visible) next = index - visible + 1;
  return Math.min(Math.max(0, next), max);
}
