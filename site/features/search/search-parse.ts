import { SearchResultSchema, type SearchResult } from "#contract/search";

/** A search answer checked against the contract's schema; throws on a malformed one. */
export function parseSearchResult(body: unknown): SearchResult {
  return SearchResultSchema.parse(body);
}
