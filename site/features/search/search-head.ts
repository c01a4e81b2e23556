import { API_PATHS } from "#contract/api-paths";
import { CATEGORY_IDS } from "#contract/categories";
import { VARIANT_URL_PREFIX } from "#contract/media-variants";
import { SEARCH_PAGE_SIZE } from "#contract/search";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { SEARCH_TEXT_MAX_LENGTH } from "./search";

/** What the search page's head script takes from the build: the constants search.ts, media-srcset.ts and ItemCard use. */
export type SearchHeadConfig = {
  apiPath: string;
  categories: readonly string[];
  pageSize: number;
  maxLength: number;
  mediaPrefix: string;
  variantPrefix: string;
  /** The card's srcset of a synced file whose key is `{key}` (mediaSrcset's own output). */
  srcset: string;
  sizes: string;
};

// Where synced files are served (`/media/{key}`): only those have the resized copies a srcset names.
const MEDIA_PREFIX = "/media/";

/** The head script's settings, from the constants the island and its cards use. */
export const SEARCH_HEAD_CONFIG: SearchHeadConfig = {
  apiPath: API_PATHS.search,
  categories: CATEGORY_IDS,
  pageSize: SEARCH_PAGE_SIZE,
  maxLength: SEARCH_TEXT_MAX_LENGTH,
  mediaPrefix: MEDIA_PREFIX,
  variantPrefix: VARIANT_URL_PREFIX,
  srcset: mediaSrcset(`${MEDIA_PREFIX}{key}`) ?? "",
  sizes: CARD_IMAGE_SIZES,
};

/** The island's first request, started by the head script: its path and the response it will read. */
type SearchPrefetch = { path: string; response: Promise<Response> };

declare global {
  interface Window {
    /** Set by the search page's head script; taken (once) by fetchSearchResult. */
    __searchPrefetch?: SearchPrefetch;
  }
}

/**
 * Runs inline in the search page's <head>, before the first paint (serialised with toString, so it holds everything it
 * uses). Marks <html> with the prerendered state the address needs (`data-search="q"`: the results' placeholders, else
 * `"none"`: the prompt). With a `q`, it starts the request the island would make (the path searchApiPath gives for the
 * address) so the answer is in by the time the island runs, and preloads the first hit's card image as the card's
 * srcset and sizes will ask for it.
 */
export function searchHead(config: SearchHeadConfig): void {
  const params = new URLSearchParams(location.search);
  const q = (params.get("q") ?? "").slice(0, config.maxLength);
  document.documentElement.setAttribute("data-search", q ? "q" : "none");
  if (!q) return;
  const api = new URLSearchParams({ q });
  const category = params.get("category") ?? "";
  const forSale = params.get("forSale");
  const page = Number(params.get("page"));
  if (config.categories.includes(category)) api.set("category", category);
  if (forSale === "true" || forSale === "false") api.set("forSale", forSale);
  api.set("page", String(Number.isInteger(page) && page >= 1 ? page : 1));
  api.set("limit", String(config.pageSize));
  const path = `${config.apiPath}?${api}`;
  const response = fetch(path, { credentials: "include", headers: { Accept: "application/json" } });
  window.__searchPrefetch = { path, response };
  response
    .then((res) => (res.ok ? res.clone().json() : null))
    .then((body: { items?: { mainImageUrl?: unknown }[] } | null) => {
      const src = body?.items?.[0]?.mainImageUrl;
      if (typeof src !== "string" || !src.startsWith(config.mediaPrefix) || src.startsWith(config.variantPrefix)) return;
      const key = src.slice(config.mediaPrefix.length);
      const link = document.createElement("link");
      link.setAttribute("rel", "preload");
      link.setAttribute("as", "image");
      link.setAttribute("href", src);
      link.setAttribute("imagesrcset", config.srcset.split("{key}").join(key));
      link.setAttribute("imagesizes", config.sizes);
      link.setAttribute("fetchpriority", "high");
      document.head.append(link);
    })
    .catch(() => {});
}
