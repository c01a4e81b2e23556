import { API_PATHS } from "./api-paths.ts";
import { CATEGORY_IDS, type CategoryId } from "./categories.ts";
import { SEARCH_PAGE_SIZE } from "./search.ts";

/** Longest search text the page sends (the API's limit). */
export const SEARCH_TEXT_MAX_LENGTH = 200;

/** What the search page shows: text, filters and page, as kept in its address (`/search?q=…&category=…&forSale=…&page=…`). */
export type SearchState = { q: string; category: CategoryId | null; forSale: boolean | null; page: number };

/** The search page's state read from an address's query string; anything unknown falls back to no filter, page 1. */
export function searchStateFrom(search: string): SearchState {
  const params = new URLSearchParams(search);
  const category = params.get("category") ?? "";
  const forSale = params.get("forSale");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").slice(0, SEARCH_TEXT_MAX_LENGTH),
    category: (CATEGORY_IDS as string[]).includes(category) ? (category as CategoryId) : null,
    forSale: forSale === "true" ? true : forSale === "false" ? false : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function params(state: SearchState): URLSearchParams {
  const p = new URLSearchParams({ q: state.q });
  if (state.category) p.set("category", state.category);
  if (state.forSale !== null) p.set("forSale", String(state.forSale));
  return p;
}

/** The page's address for a state (`page` only past 1). */
export function searchHref(state: SearchState): string {
  const p = params(state);
  if (state.page > 1) p.set("page", String(state.page));
  return `/search?${p}`;
}

/** The API request (also the query-cache key) for a state: what the page asks first, and what the worker inlines in it. */
export function searchApiPath(state: SearchState): string {
  const p = params(state);
  p.set("page", String(state.page));
  p.set("limit", String(SEARCH_PAGE_SIZE));
  return `${API_PATHS.search}?${p}`;
}

/** Id of the `<script type="application/json">` the worker puts first in a searched page's <head>: the first request's answer. */
export const SEARCH_ANSWER_ID = "search-answer";
