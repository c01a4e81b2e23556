import type { ReactNode } from "react";
import CardSkeleton from "../../lib/ui/CardSkeleton";

/** Placeholders shown while a search loads: one row of cards, enough to fill a phone's or a desktop's first screen. */
const PLACEHOLDERS = 2;

/** Props of SearchFrame: whether results are loading, the live count line's text, and what goes below it. */
type Props = { busy: boolean; status: string; children: ReactNode };

/** The results area: a one-line live count (as long as the text may be, so nothing below it moves) above the results. */
export default function SearchFrame({ busy, status, children }: Props) {
  return (
    <div aria-busy={busy} data-testid="search-results">
      <p role="status" className="mb-3 truncate text-sm font-medium text-walnut" data-testid="search-count">
        {status}
      </p>
      {children}
    </div>
  );
}

/** Placeholder cards laid out as the result cards will be. */
export function SearchPlaceholders() {
  return (
    <div className="grid gap-6 sm:grid-cols-2" data-testid="search-loading">
      {Array.from({ length: PLACEHOLDERS }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}
