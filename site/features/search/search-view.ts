import { itemPagePath } from "#contract/item-address";
import { wholePriceText, type PriceFormat } from "#contract/price-format";
import type { SearchResult, SnippetSegment } from "#contract/search";
import { SEARCH_MAX_TERMS, searchHref, type SearchState } from "#contract/search-address";
import { iconPath } from "../../lib/icons";
import { GENERIC_IMAGE, defaultImageFor, itemImageUrl } from "../../lib/images";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { pageWindow } from "../../lib/pagination";

// The search page draws its results without React: the cards and the pager are the markup the listing's ItemCardFrame
// and lib/ui/Pager render (search-view.test.ts compares them over many answers), so both pages look and read alike.

/** One hit of a search answer. */
type Hit = SearchResult["items"][number];

type Child = Node | string | null | undefined | false;

/** An element with the given attributes (undefined ones left out) and children (strings as text). */
function element(tag: string, attributes: Record<string, string | undefined>, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) el.setAttribute(name, value);
  el.append(...children.filter((child): child is Node | string => (typeof child === "string" ? child !== "" : !!child)));
  return el;
}

/** An inline stroked icon as lib/ui/Icon draws it, decorative. */
function icon(type: string): SVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const attributes = {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    class: "size-4",
    "aria-hidden": "true",
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", iconPath(type));
  svg.append(path);
  return svg;
}

/** The item page a hit leads to: for sale under /for-sale, otherwise the gallery. */
export function hitHref(hit: { category: string; id: string; title: string | null; forSale: boolean }): string {
  return itemPagePath(hit.forSale ? "for-sale" : "gallery", hit);
}

/** The live region's sentence for a finished search (it reads only its arguments: the head script runs its source too). */
export function resultCountText(total: number, q: string): string {
  return total === 0 ? `No items match "${q}".` : `${total} ${total === 1 ? "item matches" : "items match"} "${q}".`;
}

/** A hit's excerpt as text, matched words in <mark> (text nodes only: no markup from Notion reaches the page); nothing when empty. */
function snippet(segments: SnippetSegment[]): HTMLElement | null {
  if (segments.length === 0) return null;
  const pieces = segments.map((s) =>
    s.match ? element("mark", { class: "rounded-sm bg-brass-300 px-0.5 text-ink" }, s.text) : element("span", {}, s.text),
  );
  return element("p", { class: "line-clamp-4 text-sm text-ink", "data-testid": "search-snippet" }, ...pieces);
}

/** A hit's card: image, title with year, maker, snippet, price badge when for sale, View Details; `eager` for the first. */
export function hitCard(hit: Hit, format: PriceFormat, eager: boolean): HTMLElement {
  const href = hitHref(hit);
  const src = itemImageUrl(hit);
  const srcset = mediaSrcset(src);
  const title = hit.title ?? "Untitled item";
  const image = element("img", {
    src,
    srcset: srcset ?? undefined,
    sizes: srcset ? CARD_IMAGE_SIZES : undefined,
    alt: title,
    width: "800",
    height: "600",
    class: "size-full object-cover",
    loading: eager ? "eager" : "lazy",
    fetchpriority: eager ? "high" : undefined,
    decoding: "async",
    "data-fallback": `${defaultImageFor(hit.category)} ${GENERIC_IMAGE}`,
  });
  const price =
    hit.forSale &&
    element(
      "span",
      {
        class: "absolute top-3 right-3 rounded-full bg-oxblood-700 px-3 py-1 text-sm font-bold text-cream-50 shadow",
        "data-testid": "price-badge",
      },
      wholePriceText(hit.price, format),
    );
  const heading = element(
    "h2",
    { class: "font-display text-xl font-bold text-oxblood-800" },
    element("a", { href, class: "hover:underline" }, title),
    hit.year !== null && element("span", { class: "font-sans text-base font-normal text-walnut" }, ` (${hit.year})`),
  );
  return element(
    "article",
    { class: "card flex flex-col overflow-hidden", "data-testid": "item-card" },
    element("div", { class: "relative aspect-[4/3] bg-cream-200" }, image, price),
    element(
      "div",
      { class: "flex flex-1 flex-col gap-2 p-4" },
      heading,
      hit.manufacturer && element("p", { class: "text-sm font-medium text-brass-700" }, hit.manufacturer),
      snippet(hit.snippet),
      element(
        "a",
        { href, class: "btn-primary mt-auto self-start", "aria-label": `View Details: ${title}`, "data-testid": "view-details" },
        "View Details",
      ),
    ),
  );
}

const LINK =
  "inline-flex min-w-9 items-center justify-center gap-1 rounded-md border px-2 py-2 text-sm font-semibold transition-colors sm:min-w-10 sm:px-3";
const PLAIN = "border-brass-600 bg-cream-50 text-walnut hover:bg-cream-200";
const CURRENT = "border-oxblood-700 bg-oxblood-700 text-cream-50";
const DISABLED = "cursor-not-allowed border-brass-600 bg-cream-50 text-walnut opacity-40";

/** One pager link to page `to`, or an inert one (no address) when disabled. */
function pageLink(to: number, hrefFor: (page: number) => string, testid: string, state: "plain" | "current" | "disabled", label?: string) {
  return (...children: Child[]) =>
    state === "disabled"
      ? element("a", { role: "link", "aria-disabled": "true", class: `${LINK} ${DISABLED}`, "data-testid": testid }, ...children)
      : element(
          "a",
          {
            href: hrefFor(to),
            "aria-label": label,
            "aria-current": state === "current" ? "page" : undefined,
            class: `${LINK} ${state === "current" ? CURRENT : PLAIN}`,
            "data-testid": testid,
          },
          ...children,
        );
}

/**
 * The pager under the results: Previous/Next and the page-number window as links to each page's address (the page
 * follows a plain click in place); none at one page or fewer.
 */
export function pagerNav(page: number, totalPages: number, hrefFor: (page: number) => string): HTMLElement | null {
  const slots = pageWindow(page, totalPages);
  if (slots.length === 0) return null;
  const previous = pageLink(page - 1, hrefFor, "pager-previous", page <= 1 ? "disabled" : "plain");
  const next = pageLink(page + 1, hrefFor, "pager-next", page >= totalPages ? "disabled" : "plain");
  return element(
    "nav",
    {
      "aria-label": "Pagination (bottom)",
      class: "my-4 flex flex-wrap items-center justify-center gap-1 sm:gap-2",
      "data-testid": "pager-bottom",
    },
    previous(icon("chevron-left"), element("span", { class: "sr-only sm:not-sr-only" }, "Previous")),
    ...slots.map((slot) =>
      slot === "ellipsis"
        ? element("span", { class: "px-0.5 text-walnut sm:px-1", "aria-hidden": "true" }, "…")
        : pageLink(slot, hrefFor, `pager-page-${slot}`, slot === page ? "current" : "plain", `Page ${slot}`)(String(slot)),
    ),
    next(element("span", { class: "sr-only sm:not-sr-only" }, "Next"), icon("chevron-right")),
  );
}

/**
 * What the results area holds under its count line for an answer: the note on words left out past the term limit, the
 * cards and the pager, or the empty text.
 */
export function answerView(answer: SearchResult, search: SearchState, format: PriceFormat): HTMLElement[] {
  if (answer.items.length === 0)
    return [element("p", { class: "card p-6 text-center text-walnut", "data-testid": "search-empty" }, resultCountText(0, search.q))];
  const ignored =
    answer.ignoredTerms.length > 0 &&
    element(
      "p",
      { class: "mb-3 text-sm text-walnut", "data-testid": "search-ignored" },
      `Searched for the first ${SEARCH_MAX_TERMS} terms only; left out: ${answer.ignoredTerms.join(" ")}`,
    );
  const grid = element(
    "div",
    { class: "grid gap-6 sm:grid-cols-2", "data-testid": "item-grid" },
    ...answer.items.map((hit, i) => hitCard(hit, format, i === 0)),
  );
  const pager = pagerNav(search.page, answer.pagination.totalPages, (page) => searchHref({ ...search, page }));
  return [ignored, grid, pager].filter((el): el is HTMLElement => !!el);
}

/** The alert the results area shows when a search failed. */
export function errorView(): HTMLElement {
  return element(
    "p",
    { role: "alert", class: "card p-6 text-center font-medium text-oxblood-700", "data-testid": "search-error" },
    "Error loading items. Please try again later.",
  );
}
