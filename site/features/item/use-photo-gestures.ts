import { useCallback, useRef, useState, type PointerEvent, type MouseEvent, type RefObject } from "react";
import { FITTED, clampPan, distance, isDoubleTap, midpoint, swipeStep, toggleZoom, zoomAt, type Point, type Size, type View } from "./zoom";

/** Travel (px) under which a pointer that went down and up is a tap, not a drag. */
const TAP_SLOP_PX = 10;

type Gesture =
  | { kind: "pinch"; startDistance: number; startView: View }
  | { kind: "drag"; start: Point; startView: View; moved: boolean; pan: boolean }
  | null;

/** The lightbox stage's pointer handlers and the view they make (see `zoom.ts`). */
export type PhotoGestures = {
  view: View;
  /** Horizontal offset (px) of a swipe under way, shown as the photo following the finger. */
  swipeX: number;
  /** Whether a pointer is down (the view follows it without easing). */
  active: boolean;
  handlers: {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    onPointerUp: (e: PointerEvent<HTMLElement>) => void;
    onPointerCancel: (e: PointerEvent<HTMLElement>) => void;
    onDoubleClick: (e: MouseEvent<HTMLElement>) => void;
  };
  /** Zooms in about the stage's centre, or back out (the zoom button, for keyboards). */
  toggle: () => void;
  /** Back to fitted (a new photo). */
  reset: () => void;
};

/**
 * Touch, pen and mouse on the lightbox's stage: two pointers pinch-zoom about their midpoint; one pans a zoomed photo,
 * or swipes an unzoomed one to the next (left) or previous (right) photo through `onStep`; a double tap (touch, pen)
 * or double click (mouse) zooms in to 2x where it lands, or back out.
 */
export function usePhotoGestures(
  stage: RefObject<HTMLElement | null>,
  photo: RefObject<HTMLElement | null>,
  onStep: (step: 1 | -1) => void,
): PhotoGestures {
  const [view, setViewState] = useState<View>(FITTED);
  const [swipeX, setSwipeX] = useState(0);
  const [active, setActive] = useState(false);
  const current = useRef<View>(FITTED);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>(null);
  const lastTap = useRef<{ at: Point; time: number } | null>(null);
  const lastPointer = useRef("mouse");

  const setView = useCallback((next: View) => {
    current.current = next;
    setViewState(next);
  }, []);
  // Stable: the lightbox resets the view in an effect keyed on the photo shown.
  const reset = useCallback(() => setView(FITTED), [setView]);
  const sizes = (): [Size, Size] => [
    { width: photo.current?.offsetWidth ?? 0, height: photo.current?.offsetHeight ?? 0 },
    { width: stage.current?.clientWidth ?? 0, height: stage.current?.clientHeight ?? 0 },
  ];
  /** A pointer's position relative to the stage's centre. */
  const local = (e: { clientX: number; clientY: number }): Point => {
    const box = stage.current!.getBoundingClientRect();
    return { x: e.clientX - box.left - box.width / 2, y: e.clientY - box.top - box.height / 2 };
  };
  const startDrag = (at: Point, moved = false) => {
    gesture.current = { kind: "drag", start: at, startView: current.current, moved, pan: current.current.scale > 1 };
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    lastPointer.current = e.pointerType;
    const at = local(e);
    pointers.current.set(e.pointerId, at);
    setActive(true);
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      setSwipeX(0);
      gesture.current = { kind: "pinch", startDistance: Math.max(1, distance(a, b)), startView: current.current };
    } else startDrag(at);
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const at = local(e);
    pointers.current.set(e.pointerId, at);
    const g = gesture.current;
    if (g?.kind === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (a && b) setView(zoomAt(g.startView, midpoint(a, b), (g.startView.scale * distance(a, b)) / g.startDistance, ...sizes()));
    } else if (g?.kind === "drag") {
      const dx = at.x - g.start.x;
      const dy = at.y - g.start.y;
      if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
      if (g.pan) setView(clampPan({ ...g.startView, x: g.startView.x + dx, y: g.startView.y + dy }, ...sizes()));
      else if (g.moved) setSwipeX(dx);
    }
  };

  const end = (e: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const at = pointers.current.get(e.pointerId);
    if (!at) return;
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    const [left] = pointers.current.values();
    if (left) {
      // One finger of a pinch lifted: the other pans on from where the view is.
      startDrag(left, true);
      return;
    }
    gesture.current = null;
    setActive(false);
    setSwipeX(0);
    if (cancelled || g?.kind !== "drag") return;
    if (!g.moved) {
      if (e.pointerType === "mouse") return;
      if (isDoubleTap(lastTap.current, at, e.timeStamp)) {
        lastTap.current = null;
        setView(toggleZoom(current.current, at, ...sizes()));
      } else lastTap.current = { at, time: e.timeStamp };
      return;
    }
    if (!g.pan) {
      const step = swipeStep(at.x - g.start.x, at.y - g.start.y);
      if (step) onStep(step);
    }
  };

  return {
    view,
    swipeX,
    active,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (e) => end(e, false),
      onPointerCancel: (e) => end(e, true),
      // Touch double taps are read from pointer events (a browser may or may not add a dblclick for them).
      onDoubleClick: (e) => {
        if (lastPointer.current === "mouse") setView(toggleZoom(current.current, local(e), ...sizes()));
      },
    },
    toggle: () => setView(toggleZoom(current.current, { x: 0, y: 0 }, ...sizes())),
    reset,
  };
}
