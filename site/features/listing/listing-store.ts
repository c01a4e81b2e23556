import { atom } from "nanostores";
import type { Filters } from "./filter-model";
import { parsePage } from "../../lib/pagination";

/** The listing page being shown (from the address's `page`, default 1). */
export const $listingPage = atom(1);

/** The filters the listing requests with, null for none: only the filter panel (when switched on) sets them, so the listing itself never loads the panel's store. */
export const $appliedFilters = atom<Filters | null>(null);

/** Whether page changes are written back to the address (gallery-style listings). */
export const $writePageToAddress = atom(false);

/** Reads `page` from the current address into $listingPage. */
export function syncPageFromAddress(): void {
  $listingPage.set(parsePage(new URLSearchParams(location.search).get("page")));
}

function writeAddress(page: number): void {
  const url = new URL(location.href);
  url.searchParams.set("page", String(page));
  history.pushState({ page }, "", url);
}

/** Shows another page: keeps it in the address (gallery style) and scrolls smoothly to the top. */
export function goToPage(page: number): void {
  if (page === $listingPage.get()) return;
  $listingPage.set(page);
  if ($writePageToAddress.get()) writeAddress(page);
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
}

/** Back to page 1 (after a filter change), without scrolling. */
export function resetPage(): void {
  if ($listingPage.get() === 1) return;
  $listingPage.set(1);
  if ($writePageToAddress.get()) writeAddress(1);
}
