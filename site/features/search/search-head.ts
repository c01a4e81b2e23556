import { VARIANT_URL_PREFIX } from "#contract/media-variants";
import { SEARCH_ADDRESS_RULE, SEARCH_ANSWER_ID, searchApiPath, searchStateFrom, type SearchAddressRule } from "#contract/search-address";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";

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
  }
}

/**
 * Runs inline in the search page's <head>, before the body is parsed (its source and the address rule's, put together by
 * searchHeadScript). Marks <html> with the part the address shows (`data-search="results"`, else `"prompt"`). With a
 * `q`, it takes the answer the worker inlined for the page's first request, or starts that request, so the answer is in
 * by the time the page's script runs; once answered it preloads the first hit's card image as the card's srcset and
 * sizes will ask for it.
 */
function searchHead(config: SearchHeadConfig, stateFrom: typeof searchStateFrom, apiPath: typeof searchApiPath): void {
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
  response
    .then((res) => (res.ok ? res.clone().json() : null))
    .then((body: { items?: { mainImageUrl?: unknown }[] } | null) => {
      const src = body?.items?.[0]?.mainImageUrl;
      if (typeof src !== "string" || !src.startsWith(config.mediaPrefix) || src.startsWith(config.variantPrefix)) return;
      const link = document.createElement("link");
      const attributes: Record<string, string> = {
        rel: "preload",
        as: "image",
        href: src,
        imagesrcset: config.srcset.split("{key}").join(src.slice(config.mediaPrefix.length)),
        imagesizes: config.sizes,
        fetchpriority: "high",
      };
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    })
    .catch(() => {});
}

/** The search page's inline head script: searchHead called with the build's settings and the contract's address rule. */
export function searchHeadScript(): string {
  return `(${searchHead.toString()})(${JSON.stringify(SEARCH_HEAD_CONFIG)}, ${searchStateFrom.toString()}, ${searchApiPath.toString()});`;
}
