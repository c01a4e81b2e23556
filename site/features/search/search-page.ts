import type { PriceFormat } from "#contract/price-format";
import type { SearchResult } from "#contract/search";
import { searchApiPath, searchHref, searchStateFrom, type SearchState } from "#contract/search-address";
import { assertOk, getJson } from "../../lib/http";
import { lazyModule } from "../../lib/lazy-module";
import { $queryCache, ensureQuery, retainQuery, type QueryState } from "../../lib/query";
import { answerView, errorView, resultCountText } from "./search-view";

/** Typing waits this long before the search (and the address) follows. */
const DEBOUNCE_MS = 300;

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

/** The contract's parser (zod with it), fetched with the first answer that comes over the network. */
const loadParser = lazyModule(() => import("./search-parse"));

/**
 * The search API's answer at `url`: the one the worker wrote into this page for it (part of the document, as the
 * worker's own answer: taken as it is), else the request the page's head script started for it (search-head.ts), else
 * fetched now; an answer from the network is parsed with its contract schema.
 */
export async function fetchSearchResult(url: string): Promise<SearchResult> {
  const prefetched = window.__searchPrefetch?.path === url ? window.__searchPrefetch : undefined;
  if (prefetched) delete window.__searchPrefetch;
  if (prefetched?.inlined) return (await (await prefetched.response).json()) as SearchResult;
  const body = prefetched ? (await assertOk(await prefetched.response)).json() : getJson(url);
  const [{ parseSearchResult }, answer] = await Promise.all([loadParser(), body]);
  return parseSearchResult(answer);
}

/**
 * Runs the /search page built by SearchPage.astro (`root`: its `[data-search-page]`, holding the price format): the
 * form's field, category and for-sale filters follow the address and lead it (typing debounced, each change a new
 * history entry, Back and Forward restoring the search), and the results area shows the prompt without a `q`, else
 * the answer's count, cards and pager, its placeholders while it loads, or the error text. A plain click in the pager
 * turns the page in place and scrolls to the top.
 */
export function startSearchPage(root: HTMLElement): void {
  const format = JSON.parse(root.dataset.searchPage ?? "") as PriceFormat;
  const form = root.querySelector("form")!;
  const field = form.querySelector<HTMLInputElement>("input[name=q]")!;
  const category = form.querySelector<HTMLSelectElement>("select[name=category]")!;
  const forSale = form.querySelector<HTMLSelectElement>("select[name=forSale]")!;
  const results = root.querySelector<HTMLElement>("[data-testid=search-results]")!;
  const count = results.querySelector<HTMLElement>("[role=status]")!;
  const placeholders = results.querySelector<HTMLElement>("[data-testid=search-loading]")!;

  let search = searchStateFrom(location.search);
  let key: string | null = null;
  let shown: QueryState | undefined | null = null;
  // The results area still shows what the build and the head script put in it (placeholders, and the first answer's
  // count and picture): the first search's loading leaves it as it is.
  let standIn = true;
  let release = () => {};
  let typing: ReturnType<typeof setTimeout> | undefined;

  const fillForm = () => {
    field.value = search.q;
    category.value = search.category ?? "";
    forSale.value = search.forSale === null ? "" : String(search.forSale);
  };

  /** The results area for the cache's state of the current request. */
  const paint = (query: QueryState | undefined) => {
    if (query === shown) return;
    shown = query;
    const data = query?.status === "success" ? (query.data as SearchResult) : undefined;
    const loading = !query || query.status === "pending" || (query.isFetching && !query.data);
    if (loading && standIn) return;
    standIn = false;
    results.setAttribute("aria-busy", String(loading));
    const [status, content] =
      query?.status === "error"
        ? ["", [errorView()]]
        : loading || !data
          ? ["Searching…", [placeholders]]
          : [resultCountText(data.total, search.q), answerView(data, search, format)];
    count.textContent = status;
    results.replaceChildren(count, ...content);
    // The head script's picture stays in the placeholders only until the first answer is drawn.
    if (!loading) placeholders.querySelectorAll("img").forEach((img) => img.remove());
  };

  const show = () => {
    document.documentElement.setAttribute("data-search", search.q ? "results" : "prompt");
    release();
    release = () => {};
    key = search.q ? searchApiPath(search) : null;
    shown = null;
    if (key === null) return;
    release = retainQuery(key);
    paint($queryCache.get()[key]);
    ensureQuery(key, { fetcher: fetchSearchResult });
  };

  const apply = (change: Partial<SearchState>) => {
    const next = { ...search, ...change };
    if (next.q === search.q && next.category === search.category && next.forSale === search.forSale && next.page === search.page) return;
    search = next;
    standIn = false;
    history.pushState(null, "", searchHref(next));
    show();
  };

  $queryCache.listen((cache) => key !== null && paint(cache[key]));
  field.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      if (tidy(field.value) !== search.q) apply({ q: tidy(field.value), page: 1 });
    }, DEBOUNCE_MS);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply({ q: tidy(field.value), page: 1 });
  });
  category.addEventListener("change", () => apply({ category: (category.value || null) as SearchState["category"], page: 1 }));
  forSale.addEventListener("change", () => apply({ forSale: forSale.value === "" ? null : forSale.value === "true", page: 1 }));
  results.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("[data-testid=pager-bottom] a[href]");
    // Modified and middle clicks keep their browser meaning (new tab or window).
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    apply({ page: searchStateFrom(new URL(link.href).search).page });
    scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  });
  addEventListener("popstate", () => {
    search = searchStateFrom(location.search);
    standIn = false;
    fillForm();
    show();
  });
  fillForm();
  show();
}
