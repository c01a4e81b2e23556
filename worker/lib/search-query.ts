import { z } from "zod";
import { SEARCH_PAGE_SIZE } from "#contract/search";
import { CATEGORY_IDS, type CategoryId } from "#contract/categories";
import { encodeSymbols } from "./search-text";

/** Largest search page size. */
export const SEARCH_MAX_LIMIT = 50;
/** Longest search text, in characters. */
export const SEARCH_MAX_LENGTH = 200;

const blankAsMissing = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

const whole = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error })
    .regex(/^[0-9]{1,9}$/, error)
    .transform(Number)
    .pipe(z.number().int().min(min, error).max(max, error));
};

/** `GET /api/search` query: `q` (whitespace collapsed, 1–200 characters), optional category, forSale, page, limit. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: "is required" })
    .transform((s) => s.normalize("NFC").replace(/\s+/g, " ").trim())
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
});

/** A validated search query. */
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One canonical string per distinct search, for cache keys. */
export function canonicalSearchQuery(q: SearchQuery): string {
  const params = new URLSearchParams({ q: q.q, page: String(q.page), limit: String(q.limit) });
  if (q.category) params.set("category", q.category);
  if (q.forSale !== undefined) params.set("forSale", String(q.forSale));
  return params.toString();
}

const WORD = /[\p{L}\p{N}]/u;
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The FTS5 term of one whitespace-separated word of the visitor's text. Every word becomes quoted strings, so no
 * character of it is FTS5 syntax; the last token of each string matches as a prefix. A word written with a code
 * symbol ("5¢", "#A-113") matches that form in the `codes` column, or (when its letters make several tokens, as in
 * "Rol-A-Top") the same tokens as a phrase anywhere.
 */
function term(word: string): string | null {
  const plain = word.replace(/\p{Co}/gu, "");
  const encoded = encodeSymbols(plain);
  const words = plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (encoded === plain) return WORD.test(plain) ? `${phrase(plain)}*` : null;
  const code = `codes : ${phrase(encoded)}*`;
  return words.length >= 2 ? `(${code} OR ${phrase(plain)}*)` : code;
}

/** The MATCH expression for a search text (every word must match), or null when it holds nothing searchable. */
export function matchExpression(text: string): string | null {
  const terms = text
    .split(/\s+/)
    .map(term)
    .filter((t): t is string => t !== null);
  return terms.length ? terms.join(" AND ") : null;
}
