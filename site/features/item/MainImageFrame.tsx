import type { MouseEvent, ReactNode, Ref } from "react";

/**
 * Props of MainImageFrame: whether the image opens the lightbox, the full-size address it links to, the link's label,
 * what opens the lightbox instead, and the image.
 */
type Props = { viewable: boolean; href: string; label: string; onOpen: () => void; children: ReactNode; ref: Ref<HTMLAnchorElement> };

const FRAME = "relative flex aspect-[4/3] max-h-[500px] w-full justify-center rounded bg-cream-200";

/** A click the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The main image's 4:3 box (at most 500 px high). For an item with photos it is a link to the photo's full-size copy,
 * so it works before hydration and without JavaScript; once hydrated a plain click opens the lightbox instead.
 */
export default function MainImageFrame({ viewable, href, label, onOpen, children, ref }: Props) {
  if (!viewable) return <div className={FRAME}>{children}</div>;
  return (
    <a
      ref={ref}
      href={href}
      className={`${FRAME} group cursor-zoom-in`}
      aria-label={label}
      onClick={(event) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        onOpen();
      }}
      data-testid="view-full-size"
    >
      {children}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-2 bottom-2 rounded-full bg-ink/70 p-1.5 text-cream-50 opacity-80 group-hover:opacity-100"
      >
        {/* Drawn here, not in the shared icon set every page loads. */}
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-4">
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        </svg>
      </span>
    </a>
  );
}
