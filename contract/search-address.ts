import { API_PATHS } from "./api-paths.ts";
import { CATEGORY_IDS, type CategoryId } from "./categories.ts";

// The search's rules, apart from the answer's zod schemas (search.ts), so a page that only follows them loads no zod.

/** Results per search page, and the page size when a query names none. */
export const SEARCH_PAGE_SIZE = 10;

/** Most terms one search uses; a word written with inner punctuation (Rol-a-Top) counts one term per part. */
export const SEARCH_MAX_TERMS = 10;

/** Longest search text the page sends (the API's limit). */
export const SEARCH_TEXT_MAX_LENGTH = 200;

/** What the search page shows: text, filters and page, as kept in its address (`/search?q=…&category=…&forSale=…&page=…`). */
export type SearchState = { q: string; category: CategoryId | null; forSale: boolean | null; page: number };

/** The constants the address rule reads: the search API's path, the categories a filter may name, the page size, the longest text. */
export type SearchAddressRule = { apiPath: string; categories: readonly string[]; pageSize: number; maxLength: number };

/** The address rule's constants, as the site and the worker use them. */
export const SEARCH_ADDRESS_RULE: SearchAddressRule = {
  apiPath: API_PATHS.search,
  categories: CATEGORY_IDS,
  pageSize: SEARCH_PAGE_SIZE,
  maxLength: SEARCH_TEXT_MAX_LENGTH,
};

// searchStateFrom and searchApiPath read nothing but their arguments and the platform's globals: the search page's head
// script runs their own source (site/features/search/search-head.ts), given the rule as an argument.

/** The search page's state read from an address's query string; anything unknown falls back to no filter, page 1. */
export function searchStateFrom(search: string, rule: SearchAddressRule = SEARCH_ADDRESS_RULE): SearchState {
  const params = new URLSearchParams(search);
  const category = params.get("category") ?? "";
  const forSale = params.get("forSale");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").slice(0, rule.maxLength),
    category: rule.categories.includes(category) ? (category as CategoryId) : null,
    forSale: forSale === "true" ? true : forSale === "false" ? false : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The API request (also the query-cache key) for a state: `q`, the filters set, `page` and `limit`, in that order. It is
 * what the page asks first, what its head script starts before the page is parsed, and what the worker inlines in it.
 */
export function searchApiPath(state: SearchState, rule: SearchAddressRule = SEARCH_ADDRESS_RULE): string {
  const params = new URLSearchParams({ q: state.q });
  if (state.category) params.set("category", state.category);
  if (state.forSale !== null) params.set("forSale", String(state.forSale));
  params.set("page", String(state.page));
  params.set("limit", String(rule.pageSize));
  return `${rule.apiPath}?${params}`;
}

/** The page's address for a state: its API request's query without `limit`, and without `page` on page 1. */
export function searchHref(state: SearchState): string {
  const params = new URLSearchParams(searchApiPath(state).split("?")[1]);
  params.delete("limit");
  if (state.page === 1) params.delete("page");
  return `/search?${params}`;
}

/** Id of the `<script type="application/json">` the worker puts first in a searched page's <head>: the first request's answer. */
export const SEARCH_ANSWER_ID = "search-answer";
