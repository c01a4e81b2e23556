import type { SearchResult } from "#contract/search";
import { assertOk, getJson } from "../../lib/http";
import { lazyModule } from "../../lib/lazy-module";

/** The contract's parser (zod with it), fetched with the first answer that comes over the network. */
const loadParser = lazyModule(() => import("./search-parse"));

/**
 * The search API's answer at `url`: the one the worker wrote into this page for it (part of the document, as the
 * worker's own answer: taken as it is), else the request the page's head script started for it (search-head.ts), else
 * fetched now; an answer from the network is parsed with its contract schema.
 */
export async function fetchSearchResult(url: string): Promise<SearchResult> {
  const prefetched = window.__searchPrefetch?.path === url ? window.__searchPrefetch : undefined;
  if (prefetched) delete window.__searchPrefetch;
  if (prefetched?.inlined) return (await (await prefetched.response).json()) as SearchResult;
  const body = prefetched ? (await assertOk(await prefetched.response)).json() : getJson(url);
  const [{ parseSearchResult }, answer] = await Promise.all([loadParser(), body]);
  return parseSearchResult(answer);
}
