import { VARIANT_URL_PREFIX } from "#contract/media-variants";
import { SEARCH_ADDRESS_RULE, SEARCH_ANSWER_ID, searchApiPath, searchStateFrom, type SearchAddressRule } from "#contract/search-address";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { resultCountText } from "./search-view";

/** What the search page's head script takes from the build: the address rule, and what the first card's image needs. */
type SearchHeadConfig = {
  rule: SearchAddressRule;
  /** Id of the answer the worker inlines in <head>. */
  answerId: string;
  mediaPrefix: string;
  variantPrefix: string;
  /** The card's srcset of a synced file whose key is `{key}` (mediaSrcset's own output). */
  srcset: string;
  sizes: string;
};

// Where synced files are served (`/media/{key}`): only those have the resized copies a srcset names.
const MEDIA_PREFIX = "/media/";

const SEARCH_HEAD_CONFIG: SearchHeadConfig = {
  rule: SEARCH_ADDRESS_RULE,
  answerId: SEARCH_ANSWER_ID,
  mediaPrefix: MEDIA_PREFIX,
  variantPrefix: VARIANT_URL_PREFIX,
  srcset: mediaSrcset(`${MEDIA_PREFIX}{key}`) ?? "",
  sizes: CARD_IMAGE_SIZES,
};

/** The page's first request, started by the head script: its path, the response it will read, and whether that is the answer the worker inlined. */
type SearchPrefetch = { path: string; response: Promise<Response>; inlined: boolean };

declare global {
  interface Window {
    /** Set by the search page's head script; taken (once) by fetchSearchResult. */
    __searchPrefetch?: SearchPrefetch;
    /** Set by the search page's head script: shows the first answer's count and picture in the prerendered placeholders. */
    __searchPaint?: () => void;
  }
}

/**
 * Runs inline in the search page's <head>, before the body is parsed (its source and the address rule's, put together by
 * searchHeadScript). Marks <html> with the part the address shows (`data-search="results"`, else `"prompt"`). With a
 * `q`, it takes the answer the worker inlined for the page's first request, or starts that request, so the answer is in
 * by the time the page's script runs; once answered it preloads the first hit's card image as the card's srcset and
 * sizes will ask for it, and `__searchPaint` (called inline right after the prerendered placeholders) shows the count
 * and that picture in them, as the card will, until the page's script draws the cards.
 */
function searchHead(
  config: SearchHeadConfig,
  stateFrom: typeof searchStateFrom,
  apiPath: typeof searchApiPath,
  countText: typeof resultCountText,
): void {
  const state = stateFrom(location.search, config.rule);
  document.documentElement.setAttribute("data-search", state.q ? "results" : "prompt");
  if (!state.q) return;
  const path = apiPath(state, config.rule);
  // The worker puts the answer to this very request first in <head> (worker/routes/search-page.ts): then no round trip.
  const inline = document.getElementById(config.answerId);
  const text = inline?.getAttribute("data-path") === path ? inline.textContent : null;
  const response = text
    ? Promise.resolve(new Response(text, { headers: { "Content-Type": "application/json" } }))
    : fetch(path, { credentials: "include", headers: { Accept: "application/json" } });
  window.__searchPrefetch = { path, response, inlined: !!text };
  type Answer = { total?: unknown; items?: { title?: unknown; mainImageUrl?: unknown }[] };
  const answer: Promise<Answer | null> = response.then((res) => (res.ok ? res.clone().json() : null)).catch(() => null);
  const element = (tag: string, attributes: Record<string, string>) => {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    return el;
  };
  /** The first hit's picture, when it is a synced file: its address and the card's srcset of it. */
  const picture = (body: Answer | null) => {
    const src = body?.items?.[0]?.mainImageUrl;
    if (typeof src !== "string" || !src.startsWith(config.mediaPrefix) || src.startsWith(config.variantPrefix)) return null;
    return { src, srcset: config.srcset.split("{key}").join(src.slice(config.mediaPrefix.length)) };
  };
  void answer.then((body) => {
    const image = picture(body);
    if (image)
      document.head.append(
        element("link", {
          rel: "preload",
          as: "image",
          href: image.src,
          imagesrcset: image.srcset,
          imagesizes: config.sizes,
          fetchpriority: "high",
        }),
      );
  });
  window.__searchPaint = () =>
    void answer.then((body) => {
      const results = document.querySelector('[data-search-part="results"][aria-busy="true"]');
      const status = results?.querySelector("[role=status]");
      if (!results || !status || !body || typeof body.total !== "number") return;
      status.textContent = countText(body.total, state.q);
      const image = picture(body);
      const box = results.querySelector("[data-testid=card-skeleton] > div");
      if (!image || !box) return;
      const title = body.items?.[0]?.title;
      box.append(
        element("img", {
          src: image.src,
          srcset: image.srcset,
          sizes: config.sizes,
          alt: typeof title === "string" ? title : "Untitled item",
          width: "800",
          height: "600",
          class: "size-full object-cover",
          fetchpriority: "high",
          decoding: "async",
        }),
      );
    });
}

/** The search page's inline head script: searchHead called with the build's settings, the contract's address rule and the count's words. */
export function searchHeadScript(): string {
  const functions = [searchStateFrom, searchApiPath, resultCountText].map((f) => f.toString()).join(", ");
  return `(${searchHead.toString()})(${JSON.stringify(SEARCH_HEAD_CONFIG)}, ${functions});`;
}
