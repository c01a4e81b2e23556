import { pageWindow } from "../../lib/pagination";
import Icon from "../ui/Icon";

/** Props of Pager: current page, page count, where it sits, and the page-change action. */
type Props = { page: number; totalPages: number; position: "top" | "bottom"; onChange: (page: number) => void };

const BUTTON = "inline-flex min-w-10 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm font-semibold transition-colors";

/** Previous/Next plus the page-number window; hidden at one page or fewer. */
export default function Pager({ page, totalPages, position, onChange }: Props) {
  const slots = pageWindow(page, totalPages);
  if (slots.length === 0) return null;
  return (
    <nav aria-label={`Pagination (${position})`} className="my-4 flex flex-wrap items-center justify-center gap-2" data-testid={`pager-${position}`}>
      <button type="button" className={`${BUTTON} border-brass-600 bg-cream-50 text-walnut hover:bg-cream-200 disabled:cursor-not-allowed disabled:opacity-40`} disabled={page <= 1} onClick={() => onChange(page - 1)} data-testid="pager-previous">
        <Icon type="chevron-left" className="size-4" />
        Previous
      </button>
      {slots.map((slot, i) =>
        slot === "ellipsis" ? (
          <span key={`gap-${i}`} className="px-1 text-walnut" aria-hidden="true">…</span>
        ) : (
          <button
            key={slot}
            type="button"
            aria-label={`Page ${slot}`}
            aria-current={slot === page ? "page" : undefined}
            className={`${BUTTON} ${slot === page ? "border-oxblood-700 bg-oxblood-700 text-cream-50" : "border-brass-600 bg-cream-50 text-walnut hover:bg-cream-200"}`}
            onClick={() => onChange(slot)}
            data-testid={`pager-page-${slot}`}
          >
            {slot}
          </button>
        ),
      )}
      <button type="button" className={`${BUTTON} border-brass-600 bg-cream-50 text-walnut hover:bg-cream-200 disabled:cursor-not-allowed disabled:opacity-40`} disabled={page >= totalPages} onClick={() => onChange(page + 1)} data-testid="pager-next">
        Next
        <Icon type="chevron-right" className="size-4" />
      </button>
    </nav>
  );
}
