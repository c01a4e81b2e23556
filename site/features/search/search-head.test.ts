// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import ItemCardFrame from "../listing/ItemCardFrame";
import SearchFrame, { SearchPlaceholders } from "./SearchFrame";
import { SEARCH_ANSWER_ID, searchApiPath, searchStateFrom } from "#contract/search-address";
import { resultCountText } from "./search";
import { fetchSearchResult } from "./search-api";
import { SEARCH_HEAD_CONFIG, searchHead } from "./search-head";
import type { SearchResult } from "#contract/search";

const image = "/media/notion/abc/castle.png";
const answer: SearchResult = {
  query: "mills",
  ignoredTerms: [],
  items: [
    {
      id: "1",
      category: "slots",
      title: "Mills",
      year: null,
      manufacturer: null,
      price: null,
      forSale: false,
      mainImageUrl: image,
      snippet: [],
    },
  ],
  total: 1,
  pagination: { page: 1, limit: 10, totalPages: 1, totalItems: 1 },
};
const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answer), { status: 200 }));
/** Runs the head script as the built page does: its source text, called with the config as JSON. */
const runInline = () => new Function(`(${searchHead.toString()})(${JSON.stringify(SEARCH_HEAD_CONFIG)});`)();
const visit = (search: string) => history.replaceState(null, "", `/search${search}`);

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
  document.head.innerHTML = "";
  delete window.__searchPrefetch;
});
afterEach(() => vi.unstubAllGlobals());

describe("the search page's head script", () => {
  it("starts the island's first request, with the same path, for every kind of address", () => {
    const addresses = [
      "?q=mills",
      "?q=5%C2%A2+%23A-113&category=slots&forSale=false&page=2",
      "?q=a&category=cars&forSale=yes&page=-3",
      `?q=${"x".repeat(300)}`,
      "?page=2&q=%20",
    ];
    for (const search of addresses) {
      visit(search);
      fetchMock.mockClear();
      runInline();
      const path = searchApiPath(searchStateFrom(search));
      expect(fetchMock.mock.calls[0]?.[0], search).toBe(path);
      expect(window.__searchPrefetch?.path, search).toBe(path);
      expect(document.documentElement.getAttribute("data-search"), search).toBe("q");
    }
  });

  it("asks for nothing and shows the prompt's place without a q", () => {
    for (const search of ["", "?q=", "?category=slots"]) {
      visit(search);
      runInline();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.documentElement.getAttribute("data-search"), search).toBe("none");
    }
  });

  it("preloads the first hit's image with the srcset and sizes its card will use", async () => {
    visit("?q=mills");
    runInline();
    await vi.waitFor(() => expect(document.head.querySelector("link[rel=preload]")).not.toBeNull());
    const link = document.head.querySelector("link[rel=preload]")!;
    expect(link.getAttribute("as")).toBe("image");
    expect(link.getAttribute("imagesrcset")).toBe(mediaSrcset(image));
    expect(link.getAttribute("imagesizes")).toBe(CARD_IMAGE_SIZES);
  });

  it("shows the count and the first result's picture in the prerendered stand-in, with the card image's attributes", async () => {
    const frame = createElement(SearchFrame, { busy: true, status: "Searching…", children: createElement(SearchPlaceholders) });
    document.body.innerHTML = `<div data-search-before="q">${renderToString(frame)}</div>`;
    visit("?q=mills");
    runInline();
    await vi.waitFor(() => expect(document.querySelector("[data-search-before] img")).not.toBeNull());
    expect(document.querySelector("[data-search-before] [role=status]")?.textContent).toBe(resultCountText(1, "mills"));
    const painted = document.querySelector("[data-search-before] [data-testid=card-skeleton] img")!;
    const card = document.createElement("div");
    card.innerHTML = renderToString(
      createElement(ItemCardFrame, { item: answer.items[0]!, href: "/x", showPrice: false, format: DEFAULT_PRICE_FORMAT, eager: true }),
    );
    const cardImage = card.querySelector("img")!;
    for (const name of ["src", "srcset", "sizes", "alt", "width", "height", "class"])
      expect(painted.getAttribute(name), name).toBe(cardImage.getAttribute(name));
  });

  it("words the stand-in's count as the island does", async () => {
    for (const total of [0, 1, 12]) {
      fetchMock.mockImplementationOnce(async (_url: string) => new Response(JSON.stringify({ ...answer, total, items: [] })));
      document.body.innerHTML = `<div data-search-before="q"><p role="status">Searching…</p></div>`;
      visit('?q=zz "x"');
      runInline();
      await vi.waitFor(() => expect(document.querySelector("[role=status]")?.textContent).toBe(resultCountText(total, 'zz "x"')));
    }
  });

  it("hands its response to the island once; a later fetch of the same path asks the network again", async () => {
    visit("?q=mills");
    runInline();
    const path = searchApiPath(searchStateFrom("?q=mills"));
    expect(await fetchSearchResult(path)).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__searchPrefetch).toBeUndefined();
    expect(await fetchSearchResult(path)).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("takes the answer the worker inlined for its own request instead of asking the network, and hands it to the island", async () => {
    const inlined = { ...answer, total: 7 };
    visit("?q=mills");
    const path = searchApiPath(searchStateFrom("?q=mills"));
    document.head.innerHTML = `<script type="application/json" id="${SEARCH_ANSWER_ID}" data-path="${path.replaceAll("&", "&amp;")}">${JSON.stringify(inlined)}</script>`;
    runInline();
    await vi.waitFor(() => expect(document.head.querySelector("link[rel=preload]")).not.toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await fetchSearchResult(path)).toEqual(inlined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the network when the inlined answer is for another request", () => {
    visit("?q=mills&page=2");
    const other = searchApiPath(searchStateFrom("?q=mills"));
    document.head.innerHTML = `<script type="application/json" id="${SEARCH_ANSWER_ID}" data-path="${other}">${JSON.stringify(answer)}</script>`;
    runInline();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(searchApiPath(searchStateFrom("?q=mills&page=2")));
  });

  it("refuses a malformed answer from the network with the contract's schema, the inlined one being part of the page", async () => {
    fetchMock.mockImplementationOnce(async (_url: string) => new Response(JSON.stringify({ ...answer, items: "none" })));
    visit("?q=mills");
    runInline();
    await expect(fetchSearchResult(searchApiPath(searchStateFrom("?q=mills")))).rejects.toThrow(/items/);
  });

  it("passes a failed answer on as the island's own fetch would", async () => {
    fetchMock.mockImplementationOnce(async (_url: string) => new Response("boom", { status: 500, statusText: "Internal Server Error" }));
    visit("?q=mills");
    runInline();
    await expect(fetchSearchResult(searchApiPath(searchStateFrom("?q=mills")))).rejects.toThrow("500: boom");
  });
});
