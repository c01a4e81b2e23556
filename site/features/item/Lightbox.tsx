import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Dialog } from "radix-ui";
import { GENERIC_IMAGE, defaultImageFor } from "../../lib/images";
import Icon from "../../lib/ui/Icon";
import { usePhotoGestures } from "./use-photo-gestures";

const decoding = new Map<string, Promise<void>>();

/**
 * Loads and decodes the image at `url` once (however often asked), so an `<img>` switched to it paints at once instead
 * of flashing empty; resolves when it is ready or has failed (a failed image then shows its own fallback).
 */
function decodeImage(url: string): Promise<void> {
  let ready = decoding.get(url);
  if (!ready) {
    const image = new Image();
    image.decoding = "async";
    image.src = url;
    ready = image.decode().catch(() => undefined);
    decoding.set(url, ready);
  }
  return ready;
}

/** Props of Lightbox: the item's images at full size, its title and category, the photo to open at (and what the page shows of it meanwhile), and what to do on close. */
export type LightboxProps = {
  images: string[];
  title: string;
  category: string;
  start: number;
  /** The copy the page already shows of the start photo: shown until its full size has decoded. */
  placeholder: string | null;
  /** Called with the photo shown last, once the lightbox has closed. */
  onClose: (index: number) => void;
  /** Gives focus back to what opened the lightbox. */
  returnFocus: () => void;
};

// The zoom button's magnifiers, drawn here rather than in the shared icon set every page loads.
const ZOOM_OUT = "M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM20 20l-4-4M8 11h6";
const ZOOM_IN = `${ZOOM_OUT}M11 8v6`;

// aria-disabled, not disabled: a disabled button would drop the keyboard focus out of the dialog at the last photo.
const CONTROL =
  "inline-flex items-center justify-center rounded-full bg-ink/70 p-2 text-cream-50 ring-1 ring-cream-50/40 hover:bg-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-30";

/**
 * The item's photos full size, one at a time: previous/next by buttons, arrow keys and swipes, zoom by pinch, double
 * tap, double click or the zoom button, Escape or Close to leave. A photo is decoded before it replaces the one shown.
 * Loaded only when first opened (see ImageGallery).
 */
export default function Lightbox({ images, title, category, start, placeholder, onClose, returnFocus }: LightboxProps) {
  const count = images.length;
  const [shown, setShown] = useState(start);
  const [startReady, setStartReady] = useState(false);
  const wanted = useRef(start);
  const stage = useRef<HTMLDivElement>(null);
  const photo = useRef<HTMLImageElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  const go = useCallback(
    async (step: 1 | -1) => {
      const next = wanted.current + step;
      const url = images[next];
      if (url === undefined) return;
      wanted.current = next;
      await decodeImage(url);
      if (wanted.current === next) setShown(next);
    },
    [images],
  );
  const gestures = usePhotoGestures(stage, photo, (step) => void go(step));
  const { reset } = gestures;

  useEffect(() => {
    const first = images[start];
    void (first === undefined ? Promise.resolve() : decodeImage(first)).then(() => setStartReady(true));
  }, [images, start]);
  useEffect(() => {
    reset();
    // The neighbours, so the next step shows at once.
    for (const url of [images[shown + 1], images[shown - 1]]) if (url !== undefined) void decodeImage(url);
  }, [shown, images, reset]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    void go(e.key === "ArrowRight" ? 1 : -1);
  };
  const { view, swipeX, active } = gestures;
  const zoomed = view.scale > 1;
  const src = shown === start && !startReady && placeholder ? placeholder : images[shown];

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(shown)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/95" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col text-cream-50 outline-none"
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            close.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
          data-testid="lightbox"
        >
          <div className="flex items-center gap-2 p-2 sm:gap-3 sm:p-3">
            <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">{title}</Dialog.Title>
            <p className="text-sm tabular-nums" aria-live="polite" aria-atomic="true" data-testid="lightbox-counter">
              {shown + 1} / {count}
            </p>
            <button
              type="button"
              className={CONTROL}
              onClick={gestures.toggle}
              aria-label={zoomed ? "Zoom out" : "Zoom in"}
              data-testid="lightbox-zoom"
            >
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinecap="round"
                className="size-5"
                aria-hidden="true"
              >
                <path d={zoomed ? ZOOM_OUT : ZOOM_IN} />
              </svg>
            </button>
            <Dialog.Close ref={close} className={CONTROL} aria-label="Close" data-testid="lightbox-close">
              <Icon type="close" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Arrow keys or a swipe show the next or previous photo; pinch, double-tap or double-click zooms in and out; Escape closes.
          </Dialog.Description>
          <div className="relative min-h-0 flex-1">
            <div
              ref={stage}
              className={`absolute inset-0 touch-none overflow-hidden select-none ${zoomed ? "cursor-grab" : "cursor-zoom-in"}`}
              {...gestures.handlers}
              data-testid="lightbox-stage"
            >
              <img
                key={shown}
                ref={photo}
                src={src}
                alt={`${title} — image ${shown + 1} of ${count}`}
                draggable={false}
                className={`absolute inset-0 m-auto max-h-full max-w-full ${active ? "" : "transition-transform duration-200"}`}
                style={{ transform: `translate(${view.x + swipeX}px, ${view.y}px) scale(${view.scale})` }}
                data-fallback={`${defaultImageFor(category)} ${GENERIC_IMAGE}`}
                data-index={shown}
                data-testid="lightbox-image"
              />
            </div>
            {count > 1 && (
              <>
                <button
                  type="button"
                  className={`${CONTROL} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
                  onClick={() => void go(-1)}
                  aria-disabled={shown === 0}
                  aria-label="Previous photo"
                  data-testid="lightbox-previous"
                >
                  <Icon type="chevron-left" className="size-6" />
                </button>
                <button
                  type="button"
                  className={`${CONTROL} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
                  onClick={() => void go(1)}
                  aria-disabled={shown === count - 1}
                  aria-label="Next photo"
                  data-testid="lightbox-next"
                >
                  <Icon type="chevron-right" className="size-6" />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
