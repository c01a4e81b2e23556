import type { ReactNode, Ref } from "react";

/** Props of MainImageFrame: whether the image opens the lightbox, the button's label and action, and the image. */
type Props = { viewable: boolean; label: string; onOpen: () => void; children: ReactNode; ref: Ref<HTMLButtonElement> };

const FRAME = "relative flex aspect-[4/3] max-h-[500px] w-full justify-center rounded bg-cream-200";

/** The main image's 4:3 box (at most 500 px high): a button opening the lightbox for an item with photos, else a plain box. */
export default function MainImageFrame({ viewable, label, onOpen, children, ref }: Props) {
  if (!viewable) return <div className={FRAME}>{children}</div>;
  return (
    <button
      ref={ref}
      type="button"
      className={`${FRAME} group cursor-zoom-in`}
      aria-label={label}
      onClick={onOpen}
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
    </button>
  );
}
