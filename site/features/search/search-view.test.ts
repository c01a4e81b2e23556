// @vitest-environment jsdom
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_FORMAT, type PriceFormat } from "#contract/price-format";
import type { SearchResult } from "#contract/search";
import ItemCardFrame from "../listing/ItemCardFrame";
import Pager from "../../lib/ui/Pager";
import { answerView, errorView, hitCard, hitHref, pagerNav, resultCountText } from "./search-view";

type Hit = SearchResult["items"][number];

/** Markup as a browser reads it, comparable whatever wrote it: attributes sorted, comments and empty text dropped. */
function canonical(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const el = node as Element;
    const attributes = [...el.attributes].map((a) => `${a.name}="${a.value}"`).sort();
    return `<${el.localName}${attributes.map((a) => ` ${a}`).join("")}>${[...el.childNodes].map(walk).join("")}</${el.localName}>`;
  };
  return [...template.content.childNodes].map(walk).join("");
}

const hit = (fields: Partial<Hit>): Hit => ({
  id: "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d",
  category: "slots",
  title: "Mills Castle Front 5¢",
  year: 1932,
  manufacturer: "Mills Novelty Co.",
  price: 2450,
  forSale: true,
  mainImageUrl: "/media/notion/abc/castle.png",
  snippet: [
    { text: "A restored ", match: false },
    { text: "Mills", match: true },
    { text: " <b>front</b> & back", match: false },
  ],
  ...fields,
});

/** The card the listing's ItemCardFrame draws for a hit, with the snippet's markup as its text. */
function reactCard(h: Hit, format: PriceFormat, eager: boolean): string {
  const snippet: ReactNode =
    h.snippet.length === 0
      ? null
      : createElement(
          "p",
          { className: "line-clamp-4 text-sm text-ink", "data-testid": "search-snippet" },
          ...h.snippet.map((s, i) =>
            s.match
              ? createElement("mark", { key: i, className: "rounded-sm bg-brass-300 px-0.5 text-ink" }, s.text)
              : createElement("span", { key: i }, s.text),
          ),
        );
  const html = renderToString(createElement(ItemCardFrame, { item: h, href: hitHref(h), showPrice: h.forSale, format, eager }, snippet));
  // React's server renderer adds a preload hint before a high-priority image; on the search page the head script does that.
  return html.replace(/^<link rel="preload"[^>]*>/, "");
}

describe("the search page's cards", () => {
  const hits: Hit[] = [
    hit({}),
    hit({ forSale: false, price: null, category: "toys", title: null }),
    hit({ mainImageUrl: null, year: null, manufacturer: null, snippet: [] }),
    hit({ mainImageUrl: "https://example.com/x.jpg", price: null, category: "parts" }),
    hit({ mainImageUrl: "/media/w/400/notion/abc/castle.png", manufacturer: "" }),
    hit({ title: 'Quotes "and" <tags>', year: 0, price: 1250.5 }),
  ];
  const formats: PriceFormat[] = [DEFAULT_PRICE_FORMAT, { currency: "EUR", locale: "de-DE" }];

  it("are the listing's card markup for every kind of hit, price format and position", () => {
    for (const h of hits)
      for (const format of formats)
        for (const eager of [true, false])
          expect(canonical(hitCard(h, format, eager).outerHTML), JSON.stringify({ h, format, eager })).toBe(
            canonical(reactCard(h, format, eager)),
          );
  });

  it("lead to /for-sale when for sale, else to /gallery", () => {
    const id = "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
    expect(hitHref({ category: "slots", id, title: "Mills Castle Front 5¢", forSale: true })).toBe(
      "/for-sale/slots/mills-castle-front-5-1a2b3c4d5e6f4a8b9c0d1e2f3a4b5c6d",
    );
    expect(hitHref({ category: "toys", id, title: null, forSale: false })).toBe("/gallery/toys/1a2b3c4d5e6f4a8b9c0d1e2f3a4b5c6d");
  });

  it("show a snippet's text as text, its matches marked", () => {
    const snippet = hitCard(hit({}), DEFAULT_PRICE_FORMAT, false).querySelector("[data-testid=search-snippet]")!;
    expect(snippet.innerHTML).toBe(
      '<span>A restored </span><mark class="rounded-sm bg-brass-300 px-0.5 text-ink">Mills</mark><span> &lt;b&gt;front&lt;/b&gt; &amp; back</span>',
    );
  });
});

describe("the search page's pager", () => {
  it("is the listing's pager markup at the bottom, for every page of every length", () => {
    const hrefFor = (page: number) => `/search?q=mills&page=${page}`;
    for (let totalPages = 0; totalPages <= 9; totalPages++)
      for (let page = 1; page <= Math.max(1, totalPages); page++) {
        const ours = pagerNav(page, totalPages, hrefFor);
        const react = renderToString(createElement(Pager, { page, totalPages, position: "bottom", onChange: () => {}, hrefFor }));
        expect(canonical(ours?.outerHTML ?? ""), `${page} of ${totalPages}`).toBe(canonical(react));
      }
  });
});

describe("the search page's results area", () => {
  const answer = (fields: Partial<SearchResult>): SearchResult => ({
    query: "mills",
    ignoredTerms: [],
    items: [hit({}), hit({ id: "2a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d", forSale: false })],
    total: 12,
    pagination: { page: 1, limit: 10, totalPages: 2, totalItems: 12 },
    ...fields,
  });
  const search = { q: "mills", category: "slots" as const, forSale: null, page: 1 };
  const testids = (els: HTMLElement[]) => els.map((el) => el.dataset.testid);

  it("words the count for the live region", () => {
    expect(resultCountText(0, "zz")).toBe('No items match "zz".');
    expect(resultCountText(1, "mills")).toBe('1 item matches "mills".');
    expect(resultCountText(12, "mills")).toBe('12 items match "mills".');
  });

  it("holds the cards, the first one's image eager, then the pager to the address of each page", () => {
    const view = answerView(answer({}), search, DEFAULT_PRICE_FORMAT);
    expect(testids(view)).toEqual(["item-grid", "pager-bottom"]);
    const images = [...view[0]!.querySelectorAll("img")].map((img) => img.getAttribute("loading"));
    expect(images).toEqual(["eager", "lazy"]);
    expect(view[1]!.querySelector("[data-testid=pager-page-2]")!.getAttribute("href")).toBe("/search?q=mills&category=slots&page=2");
  });

  it("names the words left out past the term limit, as text", () => {
    const view = answerView(answer({ ignoredTerms: ["omega", "<b>x</b>"] }), search, DEFAULT_PRICE_FORMAT);
    expect(testids(view)).toEqual(["search-ignored", "item-grid", "pager-bottom"]);
    expect(view[0]!.textContent).toBe("Searched for the first 10 terms only; left out: omega <b>x</b>");
    expect(view[0]!.children).toHaveLength(0);
  });

  it("says when nothing matched, and has no pager for one page", () => {
    const empty = answerView(
      answer({ items: [], total: 0, pagination: { page: 1, limit: 10, totalPages: 0, totalItems: 0 } }),
      search,
      DEFAULT_PRICE_FORMAT,
    );
    expect(testids(empty)).toEqual(["search-empty"]);
    expect(empty[0]!.textContent).toBe('No items match "mills".');
    const one = answerView(
      answer({ total: 2, pagination: { page: 1, limit: 10, totalPages: 1, totalItems: 2 } }),
      search,
      DEFAULT_PRICE_FORMAT,
    );
    expect(testids(one)).toEqual(["item-grid"]);
  });

  it("shows a failed search as an alert", () => {
    const alert = errorView();
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe("Error loading items. Please try again later.");
  });
});
