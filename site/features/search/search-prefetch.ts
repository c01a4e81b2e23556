import { SearchResultSchema, type SearchResult } from "#contract/search";
import { getJson } from "../../lib/http";
import { itemImageUrl } from "../../lib/images";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { fetchQuery } from "../../lib/query";
import { searchApiPath, searchStateFrom } from "./search";

/** The search API's answer at `url`, parsed with its contract schema. */
export async function fetchSearchResult(url: string): Promise<SearchResult> {
  return SearchResultSchema.parse(await getJson(url));
}

/** Asks the browser for the first hit's card image as the card will (same srcset and sizes), so it is there when the card renders. */
function preloadFirstImage(result: SearchResult): void {
  const hit = result.items[0];
  if (!hit) return;
  const src = itemImageUrl(hit);
  const srcset = mediaSrcset(src);
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "image", href: src, fetchPriority: "high" });
  if (srcset) {
    link.setAttribute("imagesrcset", srcset);
    link.setAttribute("imagesizes", CARD_IMAGE_SIZES);
  }
  document.head.append(link);
}

/**
 * Starts the address's search while the page's island is still loading (the island then finds it in the query
 * cache under the same key), and preloads the first result's image once the answer is in.
 */
export function prefetchSearch(): void {
  const state = searchStateFrom(location.search);
  if (!state.q) return;
  fetchQuery(searchApiPath(state), { fetcher: fetchSearchResult }).then(preloadFirstImage, () => {});
}
