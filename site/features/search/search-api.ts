import type { SearchResult } from "#contract/search";
import { assertOk, getJson } from "../../lib/http";

let parser: Promise<typeof import("./search-parse")> | null = null;

/**
 * The contract's parser (zod with it), fetched with the first answer that comes over the network; a failed fetch is
 * tried again on the next call.
 */
function loadParser(): Promise<typeof import("./search-parse")> {
  parser ??= import("./search-parse").catch((error: unknown) => {
    parser = null;
    throw error;
  });
  return parser;
}

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
