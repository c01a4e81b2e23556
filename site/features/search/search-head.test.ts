// @vitest-environment jsdom
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CATEGORY_IDS } from "#contract/categories";
import { SEARCH_ANSWER_ID, searchApiPath, searchStateFrom } from "#contract/search-address";
import { DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import CardSkeleton from "../../lib/ui/CardSkeleton";
import { searchHeadScript } from "./search-head";
import { hitCard, resultCountText } from "./search-view";

const image = "/media/notion/abc/castle.png";
const hit = {
  id: "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d",
  category: "slots" as const,
  title: "Mills Castle Front",
  year: 1932,
  manufacturer: null,
  price: null,
  forSale: false,
  mainImageUrl: image,
  snippet: [],
};
const answer = { items: [hit], total: 1 };
const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answer), { status: 200 }));
/** Runs the head script as the built page does: its text, as search.astro puts it inline. */
const runInline = () => new Function(searchHeadScript())();
const visit = (search: string) => history.replaceState(null, "", `/search${search}`);
/** What the head script handed the page's script. */
const prefetched = () => window.__searchPrefetch;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
  document.head.innerHTML = "";
  delete window.__searchPrefetch;
  delete window.__searchPaint;
  document.body.innerHTML = "";
});
afterEach(() => vi.unstubAllGlobals());

/** Addresses of every kind: texts to encode, too long, blank; filters known, unknown, repeated; pages good and bad. */
function addresses(): string[] {
  const texts = ["mills", "5¢ #A-113", "a+b&c=d", "  spaced  out ", "x".repeat(300), "Ünïcödé ß", "%", ""];
  const categories = [null, ...CATEGORY_IDS, "cars", "SLOTS"];
  const forSales = [null, "true", "false", "yes", ""];
  const pages = [null, "1", "2", "37", "0", "-3", "2.5", "x", "1e3"];
  const out: string[] = [];
  let i = 0;
  for (const q of texts)
    for (const category of categories)
      for (const forSale of forSales) {
        const params = new URLSearchParams();
        const page = pages[i++ % pages.length]!;
        if (i % 3 === 0 && page) params.set("page", page);
        params.set("q", q);
        if (category) params.set("category", category);
        if (forSale !== null) params.set("forSale", forSale);
        if (i % 3 !== 0 && page) params.set("page", page);
        if (i % 7 === 0) params.append("category", "parts");
        out.push(`?${params}`);
      }
  return out;
}

describe("the search page's head script", () => {
  it("starts the page's first request, at the path the contract's address rule gives, for every kind of address", () => {
    const all = addresses();
    expect(all.length).toBe(400);
    for (const search of all) {
      visit(search);
      fetchMock.mockClear();
      delete window.__searchPrefetch;
      runInline();
      const state = searchStateFrom(search);
      expect(document.documentElement.getAttribute("data-search"), search).toBe(state.q ? "results" : "prompt");
      const path = state.q ? searchApiPath(state) : undefined;
      expect(fetchMock.mock.calls[0]?.[0], search).toBe(path);
      expect(prefetched()?.path, search).toBe(path);
    }
  });

  it("preloads the first hit's image with the srcset and sizes its card will use", async () => {
    visit("?q=mills");
    runInline();
    await vi.waitFor(() => expect(document.head.querySelector("link[rel=preload]")).not.toBeNull());
    const link = document.head.querySelector("link[rel=preload]")!;
    expect(link.getAttribute("as")).toBe("image");
    expect(link.getAttribute("href")).toBe(image);
    expect(link.getAttribute("imagesrcset")).toBe(mediaSrcset(image));
    expect(link.getAttribute("imagesizes")).toBe(CARD_IMAGE_SIZES);
  });

  it("preloads nothing for an image without resized copies, or a failed answer", async () => {
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ items: [{ mainImageUrl: "/images/defaults/slots.svg" }] })));
    visit("?q=mills");
    runInline();
    await window.__searchPrefetch!.response;
    fetchMock.mockImplementationOnce(async () => new Response("boom", { status: 500 }));
    visit("?q=organ");
    runInline();
    await window.__searchPrefetch!.response;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.head.querySelector("link[rel=preload]")).toBeNull();
  });

  it("takes the answer the worker inlined for its own request instead of asking the network", async () => {
    const inlined = { ...answer, total: 7 };
    visit("?q=mills");
    const path = searchApiPath(searchStateFrom("?q=mills"));
    document.head.innerHTML = `<script type="application/json" id="${SEARCH_ANSWER_ID}" data-path="${path.replaceAll("&", "&amp;")}">${JSON.stringify(inlined)}</script>`;
    runInline();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__searchPrefetch?.inlined).toBe(true);
    expect(await (await window.__searchPrefetch!.response).json()).toEqual(inlined);
  });

  it("asks the network when the inlined answer is for another request", () => {
    visit("?q=mills&page=2");
    const other = searchApiPath(searchStateFrom("?q=mills"));
    document.head.innerHTML = `<script type="application/json" id="${SEARCH_ANSWER_ID}" data-path="${other}">${JSON.stringify(answer)}</script>`;
    runInline();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(searchApiPath(searchStateFrom("?q=mills&page=2")));
    expect(window.__searchPrefetch?.inlined).toBe(false);
  });

  /** The results area as SearchPage.astro prerenders it: the count line and two placeholder cards. */
  const placeholders = () =>
    `<div aria-busy="true" data-search-part="results"><p role="status">Searching…</p><div>${renderToString(createElement(CardSkeleton))}${renderToString(createElement(CardSkeleton))}</div></div>`;

  it("shows the count and the first result's picture in the placeholders, with the attributes of the card's image", async () => {
    visit("?q=mills");
    runInline();
    document.body.innerHTML = placeholders();
    window.__searchPaint!();
    await vi.waitFor(() => expect(document.querySelector("[data-testid=card-skeleton] img")).not.toBeNull());
    expect(document.querySelector("[role=status]")?.textContent).toBe(resultCountText(1, "mills"));
    expect(document.querySelectorAll("img")).toHaveLength(1);
    const painted = document.querySelector("[data-testid=card-skeleton] img")!;
    const cardImage = hitCard(hit, DEFAULT_PRICE_FORMAT, true).querySelector("img")!;
    for (const name of ["src", "srcset", "sizes", "alt", "width", "height", "class", "fetchpriority", "decoding"])
      expect(painted.getAttribute(name), name).toBe(cardImage.getAttribute(name));
  });

  it("words the placeholders' count as the page does, and leaves results the page drew alone", async () => {
    for (const total of [0, 1, 12]) {
      fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ ...answer, total, items: [] })));
      visit('?q=zz "x"');
      runInline();
      document.body.innerHTML = placeholders();
      window.__searchPaint!();
      await vi.waitFor(() => expect(document.querySelector("[role=status]")?.textContent).toBe(resultCountText(total, 'zz "x"')));
    }
    visit("?q=mills");
    runInline();
    document.body.innerHTML = placeholders().replace('aria-busy="true"', 'aria-busy="false"');
    window.__searchPaint!();
    await window.__searchPrefetch!.response;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.querySelector("[role=status]")?.textContent).toBe("Searching…");
    expect(document.querySelector("img")).toBeNull();
  });
});
