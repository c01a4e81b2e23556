import { useEffect, useRef, useState } from "react";
import { GENERIC_IMAGE, defaultImageFor } from "../../lib/images";
import { THUMB_SIZE, THUMB_STEP, offsetFor, visibleThumbnails } from "./thumbnails";
import Icon from "../../lib/ui/Icon";

/** Props of ImageGallery: the item's images (main first), their srcsets where the build made them, its title and category (for the default image). */
type Props = { images: string[]; srcsets?: (string | null)[]; title: string; category: string };

/** The strip's horizontal padding in px (px-0.5 each side), room for the selected thumbnail's ring. */
const STRIP_PADDING = 4;
const ARROW =
  "rounded-full border border-brass-600 bg-cream-50 p-1 sm:p-2 text-walnut hover:bg-cream-200 disabled:cursor-not-allowed disabled:opacity-40";

/** Main image (max 500 px high) and a thumbnail strip with left/right arrows (3/4/5 visible by width). */
export default function ImageGallery({ images, srcsets = [], title, category }: Props) {
  const [selected, setSelected] = useState(0);
  const [offset, setOffset] = useState(0);
  const [visible, setVisible] = useState(5);
  const fallback = `${defaultImageFor(category)} ${GENERIC_IMAGE}`;
  const main = images[selected] ?? images[0];
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    // The strip's width follows the same breakpoints as the count, and a layout that squeezes it must not count a
    // half-hidden thumbnail as visible: so the count is taken whenever the strip's size changes, from its real room.
    const observer = new ResizeObserver(() =>
      setVisible(visibleThumbnails(window.innerWidth, element.getBoundingClientRect().width - STRIP_PADDING)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => setOffset((o) => offsetFor(selected, o, visible, images.length)), [visible, selected, images.length]);

  const scrollable = images.length > visible;
  return (
    <div className="card p-2 sm:p-3" data-testid="image-gallery">
      <div className="flex aspect-[4/3] max-h-[500px] w-full justify-center rounded bg-cream-200">
        <img
          key={main}
          src={main}
          srcSet={srcsets[selected] ?? undefined}
          sizes="(min-width: 1280px) 560px, (min-width: 768px) calc(100vw - 320px), 100vw"
          alt={`${title} — image ${selected + 1} of ${images.length}`}
          width={800}
          height={600}
          className="size-full object-contain"
          fetchPriority="high"
          data-fallback={fallback}
          data-testid="main-image"
        />
      </div>
      {images.length > 1 && (
        <div className="mt-4 flex items-center justify-center gap-0.5 sm:gap-1.5">
          <button
            type="button"
            className={`${ARROW} ${scrollable ? "" : "invisible"}`}
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - 1))}
            aria-label="Previous images"
            data-testid="thumbs-left"
          >
            <Icon type="chevron-left" className="size-4" />
          </button>
          <div
            ref={strip}
            className="box-content w-[264px] overflow-hidden px-0.5 py-1 sm:w-[356px] lg:w-[448px]"
            data-testid="thumbnail-strip"
          >
            <ul className="flex gap-3 transition-transform duration-300" style={{ transform: `translateX(-${offset * THUMB_STEP}px)` }}>
              {images.map((image, i) => (
                <li key={image} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => setSelected(i)}
                    aria-label={`Show image ${i + 1} of ${images.length}`}
                    aria-current={i === selected ? "true" : undefined}
                    tabIndex={i >= offset && i < offset + visible ? 0 : -1}
                    className={`block overflow-hidden rounded ${i === selected ? "ring-2 ring-oxblood-700" : "hover:ring-2 hover:ring-brass-400"}`}
                    data-testid="thumbnail"
                  >
                    <img
                      src={image}
                      srcSet={srcsets[i] ?? undefined}
                      sizes={`${THUMB_SIZE}px`}
                      alt=""
                      width={THUMB_SIZE}
                      height={THUMB_SIZE}
                      className="size-20 bg-cream-200 object-cover"
                      loading="lazy"
                      decoding="async"
                      data-fallback={fallback}
                    />
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            className={`${ARROW} ${scrollable ? "" : "invisible"}`}
            disabled={offset >= images.length - visible}
            onClick={() => setOffset(Math.min(images.length - visible, offset + 1))}
            aria-label="Next images"
            data-testid="thumbs-right"
          >
            <Icon type="chevron-right" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
