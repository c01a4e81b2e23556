import { atom } from "nanostores";

/**
 * True while the search page's prerendered stand-in (search.astro: the results' placeholders, or the prompt, chosen by
 * the head script before the first paint) holds the place of the island's own results.
 */
export const $standIn = atom(typeof document !== "undefined" && document.querySelector("[data-search-before]") !== null);

/** The island shows its own results from now on: the stand-in goes, in the same frame as the island's first commit of them. */
export function handOver(): void {
  if (!$standIn.get()) return;
  document.querySelectorAll("[data-search-before]").forEach((el) => el.remove());
  $standIn.set(false);
}
