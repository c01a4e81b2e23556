import { useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import { GENERIC_IMAGE, defaultImageFor, hasPhotos } from "../../lib/images";
import { THUMB_SIZE, THUMB_STEP, offsetFor, visibleThumbnails } from "./thumbnails";
import Icon from "../../lib/ui/Icon";
import type { LightboxProps } from "./Lightbox";
import MainImageFrame from "./MainImageFrame";

/**
 * Props of ImageGallery: the item's images (main first), their srcsets and the addresses they open at full size (the
 * worker's largest copies) where the build made them, its title and category (for the default image).
 */
type Props = { images: string[]; srcsets?: (string | null)[]; fullSizes?: string[]; title: string; category: string };

/** The strip's horizontal padding in px (px-0.5 each side), room for the selected thumbnail's ring. */
const STRIP_PADDING = 4;
const ARROW =
  "rounded-full border border-brass-600 bg-cream-50 p-1 sm:p-2 text-walnut hover:bg-cream-200 disabled:cursor-not-allowed disabled:opacity-40";

/** No full-size addresses (the 404 page's item, rendered in the browser): the lightbox opens the files themselves. */
const NO_FULL_SIZES: string[] = [];

/** The lightbox once its code has loaded, and the photo it opened at. */
type Viewer = { Lightbox: ComponentType<LightboxProps>; start: number; placeholder: string | null };

/**
 * Main image (max 500 px high) and a thumbnail strip with left/right arrows (3/4/5 visible by width). The main image
 * of an item with photos is a link to its full-size copy (the same box: nothing moves) that opens them full size in the
 * lightbox, whose code is fetched on the first press only.
 */
export default function ImageGallery({ images, srcsets = [], fullSizes = NO_FULL_SIZES, title, category }: Props) {
  const [selected, setSelected] = useState(0);
  const [offset, setOffset] = useState(0);
  // Until the strip is measured (hydration waits for the visitor's first press) the markup assumes the narrowest strip,
  // so a phone shows the arrows whenever more thumbnails follow.
  const [visible, setVisible] = useState(visibleThumbnails(0));
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const fallback = `${defaultImageFor(category)} ${GENERIC_IMAGE}`;
  const main = images[selected] ?? images[0] ?? defaultImageFor(category);
  const strip = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const mainImage = useRef<HTMLImageElement>(null);
  const viewable = hasPhotos(images, category);
  // One list for the lightbox's lifetime: it resets its zoom when the list it is given changes.
  const photos = useMemo(() => images.map((image, i) => fullSizes[i] ?? image), [images, fullSizes]);

  const openViewer = async () => {
    try {
      const { default: Lightbox } = await import("./Lightbox");
      setViewer({ Lightbox, start: selected, placeholder: mainImage.current?.currentSrc || null });
    } catch {
      // The lightbox's code is gone (a deploy since this page loaded) or unreachable: the photo's own file, full size.
      window.location.assign(photos[selected] ?? main);
    }
  };

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
      <MainImageFrame
        viewable={viewable}
        ref={opener}
        href={photos[selected] ?? main}
        label={`View full size: ${title}, image ${selected + 1} of ${images.length}`}
        onOpen={() => void openViewer()}
      >
        <img
          key={main}
          ref={mainImage}
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
      </MainImageFrame>
      {viewer && (
        <viewer.Lightbox
          images={photos}
          title={title}
          category={category}
          start={viewer.start}
          placeholder={viewer.placeholder}
          onClose={(index) => {
            setViewer(null);
            setSelected(index);
          }}
          returnFocus={() => opener.current?.focus()}
        />
      )}
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
