/** The lightbox's zoom and pan maths, in CSS pixels relative to the stage's centre (where the photo sits centred at scale 1). */

/** A point or an offset. */
export type Point = { x: number; y: number };
/** How the photo is shown: moved by `x`, `y` and scaled by `scale` about its centre. */
export type View = { x: number; y: number; scale: number };
/** A width and a height. */
export type Size = { width: number; height: number };

/** The photo fitted in the stage, unzoomed. */
export const FITTED: View = { x: 0, y: 0, scale: 1 };
/** The most a photo can be zoomed (its largest copy is 1600 px wide: more shows nothing new). */
export const MAX_ZOOM = 4;
/** The zoom a double tap or double click gives. */
const DOUBLE_TAP_ZOOM = 2;
/** The least horizontal travel of a swipe, in px. */
const SWIPE_MIN_PX = 50;
/** Two taps this close in time (ms) and place (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;

// `|| 0`: no -0 in a view.
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value)) || 0;

/** The view moved so the zoomed photo never leaves a gap it could fill: it stays centred along a side it does not overflow. */
export function clampPan(view: View, photo: Size, stage: Size): View {
  const maxX = Math.max(0, (photo.width * view.scale - stage.width) / 2);
  const maxY = Math.max(0, (photo.height * view.scale - stage.height) / 2);
  return { scale: view.scale, x: clamp(view.x, -maxX, maxX), y: clamp(view.y, -maxY, maxY) };
}

/** The view zoomed to `scale` (within 1 and MAX_ZOOM) about `at`, so the point of the photo under it stays there; back to FITTED at 1. */
export function zoomAt(view: View, at: Point, scale: number, photo: Size, stage: Size): View {
  const next = clamp(scale, 1, MAX_ZOOM);
  if (next === 1) return FITTED;
  const ratio = next / view.scale;
  return clampPan({ scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio }, photo, stage);
}

/** A double tap's zoom: in to DOUBLE_TAP_ZOOM about the point tapped, or back out to fitted when zoomed. */
export function toggleZoom(view: View, at: Point, photo: Size, stage: Size): View {
  return view.scale > 1 ? FITTED : zoomAt(view, at, DOUBLE_TAP_ZOOM, photo, stage);
}

/** Distance between two points. */
export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
/** The point halfway between two points. */
export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The photo a horizontal swipe of `dx`, `dy` asks for: +1 the next (swiped left), -1 the previous, 0 none (too short, or mostly vertical). */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

/** Whether a tap at `at`, `time` follows `previous` closely enough to be a double tap. */
export function isDoubleTap(previous: { at: Point; time: number } | null, at: Point, time: number): boolean {
  return previous !== null && time - previous.time <= DOUBLE_TAP_MS && distance(previous.at, at) <= DOUBLE_TAP_PX;
}
