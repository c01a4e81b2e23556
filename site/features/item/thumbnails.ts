/** Thumbnail size and step in px (80 px thumbnails, 92 px apart). */
export const THUMB_SIZE = 80;
export const THUMB_STEP = 92;

/**
 * Thumbnails visible at a viewport width: 3 under 640, 4 under 1024, otherwise 5; fewer (at least 1) when the strip's
 * room in px cannot hold that many whole, so a thumbnail cut by the strip's edge never counts as visible.
 */
export function visibleThumbnails(width: number, room = Infinity): number {
  const wanted = width < 640 ? 3 : width < 1024 ? 4 : 5;
  const fitting = Math.floor((room + THUMB_STEP - THUMB_SIZE) / THUMB_STEP);
  return Math.max(1, Math.min(wanted, fitting));
}

/** The strip offset (in thumbnails) that keeps `index` in view, clamped to the strip. */
export function offsetFor(index: number, offset: number, visible: number, count: number): number {
  const max = Math.max(0, count - visible);
  let next = offset;
  if (index < next) next = index;
  if (index >= next + visible) next = index - visible + 1;
  return Math.min(Math.max(0, next), max);
}
