import * as z from "zod/mini";
import { CATEGORY_IDS, type CategoryId } from "./categories.ts";

/** A piece of a hit's snippet; `match` marks the words to highlight. */
const SnippetSegmentSchema = z.object({ text: z.string(), match: z.boolean() });

/** A piece of a hit's snippet. */
export type SnippetSegment = z.infer<typeof SnippetSegmentSchema>;

/** One hit of `GET /api/search`: the listing card's fields and a snippet to highlight. */
const SearchHitSchema = z.object({
  id: z.string(),
  category: z.enum(CATEGORY_IDS as [CategoryId, ...CategoryId[]]),
  title: z.nullable(z.string()),
  year: z.nullable(z.number()),
  manufacturer: z.nullable(z.string()),
  price: z.nullable(z.number()),
  forSale: z.boolean(),
  mainImageUrl: z.nullable(z.string()),
  snippet: z.array(SnippetSegmentSchema),
});

/**
 * `GET /api/search` answer: `query` is the words searched (lowercase, each once, at most SEARCH_MAX_TERMS terms, search-address.ts),
 * `ignoredTerms` the words left out past that limit.
 */
export const SearchResultSchema = z.object({
  query: z.string(),
  ignoredTerms: z.array(z.string()),
  items: z.array(SearchHitSchema),
  total: z.number(),
  pagination: z.object({ page: z.number(), limit: z.number(), totalPages: z.number(), totalItems: z.number() }),
});

/** `GET /api/search` answer. */
export type SearchResult = z.infer<typeof SearchResultSchema>;
