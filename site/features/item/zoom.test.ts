import { describe, expect, it } from "vitest";
import { FITTED, MAX_ZOOM, clampPan, isDoubleTap, swipeStep, toggleZoom, zoomAt } from "./zoom";

/** A 400x300 photo fitted in a 400x600 stage (a phone held upright). */
const photo = { width: 400, height: 300 };
const stage = { width: 400, height: 600 };

describe("lightbox zoom", () => {
  it("zooms about the point pinched or tapped, so the part of the photo under it stays there", () => {
    const view = zoomAt(FITTED, { x: 100, y: 50 }, 4, photo, stage);
    expect(view).toEqual({ scale: 4, x: -300, y: -150 });
    // The photo point that was at (100, 50): its offset from the photo's centre, scaled, plus the move.
    expect({ x: 100 * view.scale + view.x, y: 50 * view.scale + view.y }).toEqual({ x: 100, y: 50 });
    // At 2x the photo is exactly as tall as the stage: it cannot move up or down.
    expect(zoomAt(FITTED, { x: 100, y: 50 }, 2, photo, stage)).toEqual({ scale: 2, x: -100, y: 0 });
  });

  it("keeps the zoomed photo over the stage: centred along a side it does not overflow, within its edges along one it does", () => {
    expect(clampPan({ scale: 2, x: 900, y: 40 }, photo, stage)).toEqual({ scale: 2, x: 200, y: 0 });
    expect(clampPan({ scale: 3, x: -900, y: 400 }, photo, stage)).toEqual({ scale: 3, x: -400, y: 150 });
    expect(clampPan({ scale: 1, x: 30, y: -30 }, photo, stage)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it("zooms between fitted and MAX_ZOOM, fitted again when pinched back", () => {
    expect(zoomAt(FITTED, { x: 0, y: 0 }, 10, photo, stage).scale).toBe(MAX_ZOOM);
    expect(zoomAt({ scale: 2, x: 50, y: 0 }, { x: 0, y: 0 }, 0.5, photo, stage)).toEqual(FITTED);
  });

  it("toggles 2x where double-tapped, and back out", () => {
    const zoomed = toggleZoom(FITTED, { x: -50, y: 0 }, photo, stage);
    expect(zoomed).toEqual({ scale: 2, x: 50, y: 0 });
    expect(toggleZoom(zoomed, { x: 10, y: 10 }, photo, stage)).toEqual(FITTED);
  });

  it("reads a swipe left as the next photo and right as the previous; short or mostly vertical moves are none", () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(90, -20)).toBe(-1);
    expect(swipeStep(-30, 0)).toBe(0);
    expect(swipeStep(-80, 70)).toBe(0);
  });

  it("counts a second tap as a double tap only when it is soon and near the first", () => {
    const first = { at: { x: 0, y: 0 }, time: 1000 };
    expect(isDoubleTap(first, { x: 10, y: 10 }, 1250)).toBe(true);
    expect(isDoubleTap(first, { x: 10, y: 10 }, 1400)).toBe(false);
    expect(isDoubleTap(first, { x: 60, y: 0 }, 1100)).toBe(false);
    expect(isDoubleTap(null, { x: 0, y: 0 }, 1100)).toBe(false);
  });
});
