import reactRenderer from "@astrojs/react/server.js";
import { experimental_AstroContainer } from "astro/container";
import { JSDOM } from "jsdom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import type { SearchResult } from "#contract/search";
import { searchApiPath, searchStateFrom } from "#contract/search-address";
import { clearQueryCache } from "../../lib/query";
import SearchPage from "./SearchPage.astro";
import { fetchSearchResult, startSearchPage } from "./search-page";

// Astro renders components only outside a browser environment: the page is rendered here, then run in a JSDOM window
// whose globals the page's script sees.
let html = "";
let window: JSDOM["window"];
let document: Document;
beforeAll(async () => {
  const container = await experimental_AstroContainer.create();
  container.addServerRenderer({ name: "@astrojs/react", renderer: reactRenderer });
  html = await container.renderToString(SearchPage, { props: { format: DEFAULT_PRICE_FORMAT } });
});

const hit = (title: string, id: string): SearchResult["items"][number] => ({
  id,
  category: "slots",
  title,
  year: null,
  manufacturer: null,
  price: 100,
  forSale: true,
  mainImageUrl: null,
  snippet: [],
});
/** An answer of `total` hits, ten a page, whose titles name the search and the page. */
const answerFor = (url: string, total = 12): SearchResult => {
  const state = searchStateFrom(url.slice(url.indexOf("?")));
  const items = Array.from({ length: Math.min(10, Math.max(0, total - (state.page - 1) * 10)) }, (_, i) =>
    hit(`${state.q} ${state.page}.${i}`, `1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c${String(i).padStart(2, "0")}`),
  );
  return {
    query: state.q,
    ignoredTerms: [],
    items,
    total,
    pagination: { page: state.page, limit: 10, totalPages: Math.ceil(total / 10), totalItems: total },
  };
};
const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(answerFor(url))));
const $ = (testid: string) => document.querySelector<HTMLElement>(`[data-testid=${testid}]`);
const titles = () => [...document.querySelectorAll("[data-testid=item-card] h2 a")].map((a) => a.textContent);
const requested = () => fetchMock.mock.calls.map(([url]) => url);

/** The page at `address` in a fresh window, its script started (after `before`, standing for the head script's paint). */
function visit(address: string, before?: (document: Document) => void) {
  window = new JSDOM(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`, { url: `http://localhost${address}` }).window;
  document = window.document;
  for (const name of ["window", "document", "location", "history", "Node", "Element", "HTMLElement"] as const)
    vi.stubGlobal(name, name === "window" ? window : window[name]);
  vi.stubGlobal("addEventListener", window.addEventListener.bind(window));
  vi.stubGlobal("scrollTo", vi.fn());
  vi.stubGlobal("matchMedia", () => ({ matches: false }));
  vi.stubGlobal("fetch", fetchMock);
  before?.(document);
  startSearchPage(document.querySelector<HTMLElement>("[data-search-page]")!);
}

beforeEach(() => {
  clearQueryCache();
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the search page", () => {
  it("shows the prompt without a q, and asks nothing", () => {
    visit("/search?category=slots");
    expect(document.documentElement.getAttribute("data-search")).toBe("prompt");
    expect(($("search-input") as HTMLInputElement).value).toBe("");
    expect(($("search-category") as HTMLSelectElement).value).toBe("slots");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fills the form from the address, shows the placeholders while it asks, then the count, cards and pager", async () => {
    visit("/search?q=mills&forSale=true");
    expect(document.documentElement.getAttribute("data-search")).toBe("results");
    expect(($("search-input") as HTMLInputElement).value).toBe("mills");
    expect(($("search-for-sale") as HTMLSelectElement).value).toBe("true");
    expect($("search-results")!.getAttribute("aria-busy")).toBe("true");
    expect($("search-count")!.textContent).toBe("Searching…");
    expect(document.querySelectorAll("[data-testid=search-loading] [data-testid=card-skeleton]")).toHaveLength(2);
    await vi.waitFor(() => expect(titles()).toHaveLength(10));
    expect($("search-results")!.getAttribute("aria-busy")).toBe("false");
    expect($("search-count")!.textContent).toBe('12 items match "mills".');
    expect($("search-loading")).toBeNull();
    expect($("pager-bottom")).not.toBeNull();
    expect(requested()).toEqual([searchApiPath({ q: "mills", category: null, forSale: true, page: 1 })]);
  });

  it("keeps the head script's count and picture in the placeholders until the answer is drawn, then loads with bare ones", async () => {
    let answer = (_: Response) => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    visit("/search?q=mills", (document) => {
      document.querySelector("[data-testid=search-count]")!.textContent = '12 items match "mills".';
      document.querySelector("[data-testid=card-skeleton] > div")!.append(document.createElement("img"));
    });
    expect($("search-count")!.textContent).toBe('12 items match "mills".');
    expect($("search-results")!.getAttribute("aria-busy")).toBe("true");
    expect(document.querySelectorAll("[data-testid=search-loading] img")).toHaveLength(1);
    answer(new Response(JSON.stringify(answerFor(requested()[0]!))));
    await vi.waitFor(() => expect(titles()).toHaveLength(10));
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    ($("search-category") as HTMLSelectElement).value = "parts";
    $("search-category")!.dispatchEvent(new window.Event("change", { bubbles: true }));
    expect($("search-count")!.textContent).toBe("Searching…");
    expect($("search-results")!.getAttribute("aria-busy")).toBe("true");
    expect(document.querySelectorAll("[data-testid=search-loading] [data-testid=card-skeleton]")).toHaveLength(2);
    expect(document.querySelectorAll("[data-testid=search-loading] img")).toHaveLength(0);
  });

  it("follows typing (tidied, debounced 300 ms) into a new history entry, and Back restores the last search from the cache", async () => {
    vi.useFakeTimers();
    visit("/search?q=watling");
    await vi.waitFor(() => expect(titles()[0]).toBe("watling 1.0"));
    const field = $("search-input") as HTMLInputElement;
    for (const text of ["g", "goose", "  gooseneck   "]) {
      field.value = text;
      field.dispatchEvent(new window.Event("input", { bubbles: true }));
      vi.advanceTimersByTime(100);
    }
    expect(location.search).toBe("?q=watling");
    vi.advanceTimersByTime(300);
    expect(location.pathname + location.search).toBe("/search?q=gooseneck");
    await vi.waitFor(() => expect(titles()[0]).toBe("gooseneck 1.0"));
    field.value = "gooseneck ";
    field.dispatchEvent(new window.Event("input", { bubbles: true }));
    vi.advanceTimersByTime(400);
    expect(location.search).toBe("?q=gooseneck");
    expect(requested()).toHaveLength(2);
    history.replaceState(null, "", "/search?q=watling");
    window.dispatchEvent(new window.PopStateEvent("popstate"));
    expect(field.value).toBe("watling");
    expect(titles()[0]).toBe("watling 1.0");
    expect(requested()).toHaveLength(2);
  });

  it("searches at once on submit, and each filter starts again at page 1", async () => {
    visit("/search?q=mills&page=2");
    await vi.waitFor(() => expect(titles()[0]).toBe("mills 2.0"));
    const category = $("search-category") as HTMLSelectElement;
    category.value = "parts";
    category.dispatchEvent(new window.Event("change", { bubbles: true }));
    expect(location.search).toBe("?q=mills&category=parts");
    const forSale = $("search-for-sale") as HTMLSelectElement;
    forSale.value = "false";
    forSale.dispatchEvent(new window.Event("change", { bubbles: true }));
    expect(location.search).toBe("?q=mills&category=parts&forSale=false");
    ($("search-input") as HTMLInputElement).value = "castle  front";
    document.querySelector("form")!.dispatchEvent(new window.SubmitEvent("submit", { cancelable: true, bubbles: true }));
    expect(location.search).toBe("?q=castle+front&category=parts&forSale=false");
    await vi.waitFor(() => expect(titles()[0]).toBe("castle front 1.0"));
    category.value = "";
    category.dispatchEvent(new window.Event("change", { bubbles: true }));
    expect(location.search).toBe("?q=castle+front&forSale=false");
  });

  it("turns the page in place on a plain click in the pager, and leaves a modified click to the browser", async () => {
    visit("/search?q=mills");
    await vi.waitFor(() => expect($("pager-bottom")).not.toBeNull());
    const modified = new window.MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    $("pager-page-2")!.dispatchEvent(modified);
    expect(modified.defaultPrevented).toBe(false);
    expect(location.search).toBe("?q=mills");
    $("pager-next")!.dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(location.search).toBe("?q=mills&page=2");
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
    await vi.waitFor(() => expect(titles()).toEqual(["mills 2.0", "mills 2.1"]));
    expect($("pager-page-2")!.getAttribute("aria-current")).toBe("page");
  });

  it("says when nothing matched, and shows the error text, without a count, when the search failed", async () => {
    fetchMock.mockImplementationOnce(async (url: string) => new Response(JSON.stringify(answerFor(url, 0))));
    visit('/search?q=zzqx "(*)"');
    await vi.waitFor(() => expect($("search-empty")?.textContent).toBe('No items match "zzqx "(*)"".'));
    expect($("search-count")!.textContent).toBe('No items match "zzqx "(*)"".');
    fetchMock.mockImplementationOnce(async () => new Response('{"error":"boom"}', { status: 500 }));
    visit("/search?q=organ");
    await vi.waitFor(() => expect($("search-error")?.textContent).toBe("Error loading items. Please try again later."));
    expect($("search-error")!.getAttribute("role")).toBe("alert");
    expect($("search-count")!.textContent).toBe("");
  });
});

describe("the search page's first answer", () => {
  const path = searchApiPath(searchStateFrom("?q=mills"));
  const answer = answerFor(path);
  beforeEach(() => visit("/search"));

  it("is the one the head script took or started, once; a later fetch of the same path asks the network", async () => {
    window.__searchPrefetch = { path, response: Promise.resolve(new Response(JSON.stringify({ ...answer, total: 7 }))), inlined: false };
    expect((await fetchSearchResult(path)).total).toBe(7);
    expect(window.__searchPrefetch).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await fetchSearchResult(path)).toEqual(answer);
    expect(requested()).toEqual([path]);
  });

  it("is taken as it is when the worker inlined it, and parsed with the contract's schema when it came over the network", async () => {
    const malformed = JSON.stringify({ ...answer, items: "none" });
    window.__searchPrefetch = { path, response: Promise.resolve(new Response(malformed)), inlined: true };
    expect((await fetchSearchResult(path)).items).toBe("none");
    window.__searchPrefetch = { path, response: Promise.resolve(new Response(malformed)), inlined: false };
    await expect(fetchSearchResult(path)).rejects.toThrow(/items/);
  });

  it("passes a failed answer on as the page's own fetch would", async () => {
    const failed = new Response("boom", { status: 500, statusText: "Internal Server Error" });
    window.__searchPrefetch = { path, response: Promise.resolve(failed), inlined: false };
    await expect(fetchSearchResult(path)).rejects.toThrow("500: boom");
  });
});
