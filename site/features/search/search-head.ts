import { API_PATHS } from "#contract/api-paths";
import { CATEGORY_IDS } from "#contract/categories";
import { VARIANT_URL_PREFIX } from "#contract/media-variants";
import { SEARCH_PAGE_SIZE } from "#contract/search";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { SEARCH_ANSWER_ID, SEARCH_TEXT_MAX_LENGTH } from "#contract/search-address";

/** What the search page's head script takes from the build: the constants search.ts, media-srcset.ts and ItemCard use. */
export type SearchHeadConfig = {
  apiPath: string;
  categories: readonly string[];
  pageSize: number;
  maxLength: number;
  mediaPrefix: string;
  variantPrefix: string;
  /** Id of the answer the worker inlines in <head> (SEARCH_ANSWER_ID). */
  answerId: string;
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
  answerId: SEARCH_ANSWER_ID,
  srcset: mediaSrcset(`${MEDIA_PREFIX}{key}`) ?? "",
  sizes: CARD_IMAGE_SIZES,
};

/** The island's first request, started by the head script: its path, the response it will read, and whether that is the answer the worker inlined. */
type SearchPrefetch = { path: string; response: Promise<Response>; inlined: boolean };

declare global {
  interface Window {
    /** Set by the search page's head script; taken (once) by fetchSearchResult. */
    __searchPrefetch?: SearchPrefetch;
  }
}

/**
 * Runs inline in the search page's <head>, before the first paint (serialised with toString, so it holds everything it
 * uses). Marks <html> with the prerendered stand-in the address needs (`data-search="q"`: the results' placeholders,
 * else `"none"`: the prompt). With a `q`, it takes the answer the worker inlined for the request the island would
 * make (the path searchApiPath gives for the address), or starts that request, so the answer is in by the time the
 * island runs; once answered it preloads the first hit's card image as the card's srcset and sizes will ask for it, and
 * shows the count (resultCountText's words) and that picture in the stand-in, which the island replaces with its
 * results in one frame (stand-in.ts).
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
  // The worker puts the answer to this very request first in <head> (worker/routes/search-page.ts): then no round trip.
  const inline = document.getElementById(config.answerId);
  const text = inline?.getAttribute("data-path") === path ? inline.textContent : null;
  const inlined = !!text;
  const response = text
    ? Promise.resolve(new Response(text, { headers: { "Content-Type": "application/json" } }))
    : fetch(path, { credentials: "include", headers: { Accept: "application/json" } });
  window.__searchPrefetch = { path, response, inlined };
  response
    .then((res) => (res.ok ? res.clone().json() : null))
    .then((body: { total?: unknown; items?: { title?: unknown; mainImageUrl?: unknown }[] } | null) => {
      if (!body || typeof body.total !== "number") return;
      const total = body.total;
      const count = total === 0 ? `No items match "${q}".` : `${total} ${total === 1 ? "item matches" : "items match"} "${q}".`;
      const hit = body.items?.[0];
      const src = hit?.mainImageUrl;
      const key =
        typeof src === "string" && src.startsWith(config.mediaPrefix) && !src.startsWith(config.variantPrefix)
          ? src.slice(config.mediaPrefix.length)
          : null;
      const srcset = key === null ? "" : config.srcset.split("{key}").join(key);
      const image = (tag: string, rel: Record<string, string>) => {
        const el = document.createElement(tag);
        for (const [name, value] of Object.entries(rel)) el.setAttribute(name, value);
        return el;
      };
      if (key !== null) {
        document.head.append(
          image("link", {
            rel: "preload",
            as: "image",
            href: String(src),
            imagesrcset: srcset,
            imagesizes: config.sizes,
            fetchpriority: "high",
          }),
        );
      }
      // Into the prerendered stand-in (until the island replaces it): the count, and the first result's picture in the
      // first placeholder, as its card will show it.
      const paint = () => {
        const standIn = document.querySelector('[data-search-before="q"]');
        const status = standIn?.querySelector("[role=status]");
        if (status) status.textContent = count;
        const box = standIn?.querySelector("[data-testid=card-skeleton] > div");
        if (!box || key === null) return;
        const alt = typeof hit?.title === "string" ? hit.title : "Untitled item";
        const attributes = {
          src: String(src),
          srcset,
          sizes: config.sizes,
          alt,
          width: "800",
          height: "600",
          class: "size-full object-cover",
        };
        box.append(image("img", { ...attributes, fetchpriority: "high", decoding: "async" }));
      };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", paint, { once: true });
      else paint();
    })
    .catch(() => {});
}
