import { z } from "zod";
import { blankAsMissing, whole } from "./query-params";
import { SEARCH_PAGE_SIZE } from "#contract/search-address";
import { CATEGORY_IDS, type CategoryId } from "#contract/categories";
import { searchTerms } from "./search-terms";

/** Largest search page size. */
const SEARCH_MAX_LIMIT = 50;
/** Longest search text, in characters. */
const SEARCH_MAX_LENGTH = 200;

/**
 * A search text as it is searched: Unicode NFC, control characters and lone surrogates as spaces (a NUL would end
 * FTS5's reading of the query), whitespace collapsed; searchQuerySchema then lowercases it (the index ignores case,
 * so the cache key does too).
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cs}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * `GET /api/search` query: `q` (normalised, 1–200 characters, then its words as searchTerms takes them), optional
 * category, forSale, page, limit. The output's `query` is the words used, joined by a space; `ignoredTerms` the rest.
 */
export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: "is required" })
      .transform(normaliseSearchText)
      .pipe(z.string().min(1, "must not be blank").max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`)),
    category: blankAsMissing(
      z.enum(CATEGORY_IDS as [CategoryId, ...CategoryId[]], { error: `must be one of ${CATEGORY_IDS.join(", ")}` }).optional(),
    ),
    forSale: blankAsMissing(
      z
        .enum(["true", "false"], { error: "must be true or false" })
        .transform((v) => v === "true")
        .optional(),
    ),
    page: blankAsMissing(whole(1, 1_000_000).default(1)),
    limit: blankAsMissing(whole(1, SEARCH_MAX_LIMIT).default(SEARCH_PAGE_SIZE)),
  })
  .transform(({ q, ...rest }) => {
    const { words, ignored } = searchTerms(q.toLowerCase());
    return { ...rest, query: words.map((w) => w.word).join(" "), words, ignoredTerms: ignored };
  });

/** A validated search query. */
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One canonical string per distinct search (the words used and ignored, filters, page, limit), for cache keys. */
export function canonicalSearchQuery(q: Pick<SearchQuery, "query" | "ignoredTerms" | "category" | "forSale" | "page" | "limit">): string {
  const params = new URLSearchParams({ query: q.query, page: String(q.page), limit: String(q.limit) });
  if (q.ignoredTerms.length) params.set("ignored", q.ignoredTerms.join(" "));
  if (q.category) params.set("category", q.category);
  if (q.forSale !== undefined) params.set("forSale", String(q.forSale));
  return params.toString();
}
