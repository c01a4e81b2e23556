import { atom } from "nanostores";
import { type SearchState, searchHref, searchStateFrom } from "#contract/search-address";

/** The search the page shows (text, filters, page), mirrored in the address. */
export const $search = atom<SearchState>({ q: "", category: null, forSale: null, page: 1 });

/** Reads the address into $search (on load and on Back/Forward). */
export function syncSearchFromAddress(): void {
  $search.set(searchStateFrom(location.search));
}

/** Shows another search and records it in the address as a new history entry, so it can be shared and Back returns to the last one. */
export function applySearch(change: Partial<SearchState>): void {
  const next = { ...$search.get(), ...change };
  const current = $search.get();
  if (next.q === current.q && next.category === current.category && next.forSale === current.forSale && next.page === current.page) return;
  $search.set(next);
  history.pushState(null, "", searchHref(next));
}
