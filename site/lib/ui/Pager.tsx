import type { MouseEvent, ReactNode } from "react";
import { pageWindow } from "../pagination";
import Icon from "./Icon";

/** Props of Pager: current page, page count, where it sits, the page-change action, and a page's address (its link). */
type Props = {
  page: number;
  totalPages: number;
  position: "top" | "bottom";
  onChange: (page: number) => void;
  hrefFor: (page: number) => string;
};

type LinkProps = Pick<Props, "onChange" | "hrefFor"> & {
  to: number;
  disabled?: boolean;
  current?: boolean;
  label?: string;
  testid: string;
  children: ReactNode;
};

const LINK =
  "inline-flex min-w-9 items-center justify-center gap-1 rounded-md border px-2 py-2 text-sm font-semibold transition-colors sm:min-w-10 sm:px-3";
const PLAIN = "border-brass-600 bg-cream-50 text-walnut hover:bg-cream-200";
const CURRENT = "border-oxblood-700 bg-oxblood-700 text-cream-50";
const DISABLED = "cursor-not-allowed border-brass-600 bg-cream-50 text-walnut opacity-40";

/** A pager link: followed as is without JavaScript (crawlers, before hydration); a plain click changes the page in place. */
function PageLink({ to, disabled = false, current = false, label, testid, onChange, hrefFor, children }: LinkProps) {
  if (disabled)
    return (
      <a role="link" aria-disabled="true" className={`${LINK} ${DISABLED}`} data-testid={testid}>
        {children}
      </a>
    );
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified and middle clicks keep their browser meaning (new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChange(to);
  };
  return (
    <a
      href={hrefFor(to)}
      onClick={click}
      aria-label={label}
      aria-current={current ? "page" : undefined}
      className={`${LINK} ${current ? CURRENT : PLAIN}`}
      data-testid={testid}
    >
      {children}
    </a>
  );
}

/** Previous/Next plus the page-number window as links to `?page=n`, hidden at one page or fewer; Previous/Next show only their arrows under 640 px, so 8 pages fit one row on a phone. */
export default function Pager({ page, totalPages, position, onChange, hrefFor }: Props) {
  const slots = pageWindow(page, totalPages);
  if (slots.length === 0) return null;
  return (
    <nav
      aria-label={`Pagination (${position})`}
      className="my-4 flex flex-wrap items-center justify-center gap-1 sm:gap-2"
      data-testid={`pager-${position}`}
    >
      <PageLink to={page - 1} disabled={page <= 1} testid="pager-previous" onChange={onChange} hrefFor={hrefFor}>
        <Icon type="chevron-left" className="size-4" />
        <span className="sr-only sm:not-sr-only">Previous</span>
      </PageLink>
      {slots.map((slot, i) =>
        slot === "ellipsis" ? (
          <span key={`gap-${i}`} className="px-0.5 text-walnut sm:px-1" aria-hidden="true">
            …
          </span>
        ) : (
          <PageLink
            key={slot}
            to={slot}
            current={slot === page}
            label={`Page ${slot}`}
            testid={`pager-page-${slot}`}
            onChange={onChange}
            hrefFor={hrefFor}
          >
            {slot}
          </PageLink>
        ),
      )}
      <PageLink to={page + 1} disabled={page >= totalPages} testid="pager-next" onChange={onChange} hrefFor={hrefFor}>
        <span className="sr-only sm:not-sr-only">Next</span>
        <Icon type="chevron-right" className="size-4" />
      </PageLink>
    </nav>
  );
}
