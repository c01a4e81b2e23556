import { SearchResultSchema, type SearchResult } from "#contract/search";
import { assertOk, getJson } from "../../lib/http";

/**
 * The search API's answer at `url`, parsed with its contract schema: from the request the page's head script started
 * for it (search-head.ts), taken once, else fetched now.
 */
export async function fetchSearchResult(url: string): Promise<SearchResult> {
  const prefetched = window.__searchPrefetch;
  if (prefetched?.path !== url) return SearchResultSchema.parse(await getJson(url));
  delete window.__searchPrefetch;
  return SearchResultSchema.parse(await (await assertOk(await prefetched.response)).json());
}
