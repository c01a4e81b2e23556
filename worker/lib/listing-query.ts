import { z } from "zod";
import { blankAsMissing, whole } from "./query-params";
import { DEFAULT_SORT, LISTING_PAGE_SIZE, sortsFor, type ListingView, type Sort } from "#contract/listing";
import type { Listing } from "#contract/public-api";

/** Largest page size a client may ask for. */
const MAX_LIMIT = 100;
/** The page sizes the site asks for (listing pages 2, the build 100): any other would only add cache entries. */
const LISTING_LIMITS = [LISTING_PAGE_SIZE, MAX_LIMIT] as const;

const json = <S extends z.ZodType>(schema: S, what: string) =>
  z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `must be ${what}` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const value = z.string().trim().max(200, "must be at most 200 characters");
const valueList = (what: string) =>
  json(z.array(value, { error: `must be ${what}` }).max(50, "must list at most 50 values"), what).transform((list) =>
    list.some(Boolean) ? [...new Set(list.filter(Boolean))].sort() : undefined,
  );
const year = z.number().int();
const yearRange = json(
  z.tuple([year, year], { error: "must be a JSON [min, max] pair of years" }),
  "a JSON [min, max] pair of years",
).refine(([min, max]) => min <= max, "must not have min above max");

/** Query schema of a listing view: paging, sort (price sorts for for-sale only) and filters; blank values count as absent. */
export function listingQuerySchema(view: ListingView) {
  const sorts = sortsFor(view);
  return z.object({
    page: blankAsMissing(whole(1, 1_000_000).default(1)),
    limit: blankAsMissing(
      z
        .enum(LISTING_LIMITS.map(String) as [string, ...string[]], { error: `must be ${LISTING_LIMITS.join(" or ")}` })
        .transform(Number)
        .default(LISTING_PAGE_SIZE),
    ),
    sort: blankAsMissing(z.enum(sorts as [Sort, ...Sort[]], { error: `must be one of ${sorts.join(", ")}` }).default(DEFAULT_SORT)),
    manufacturers: blankAsMissing(valueList("a JSON list of strings").optional()),
    yearRange: blankAsMissing(yearRange.optional()),
    denominations: blankAsMissing(valueList("a JSON list of strings").optional()),
    gameType: blankAsMissing(value.optional()),
    productCategory: blankAsMissing(value.optional()),
    theme: blankAsMissing(value.optional()),
    adType: blankAsMissing(value.optional()),
    partType: blankAsMissing(value.optional()),
    stimulatorType: blankAsMissing(value.optional()),
  });
}

/** A validated, normalised listing query. */
export type ListingQuery = z.output<ReturnType<typeof listingQuerySchema>>;

/** The single-value filters, in key order; each matches the property of the same name (`adType` pairs with filter_options' adTypes). */
export const VALUE_FILTERS = ["gameType", "productCategory", "theme", "adType", "partType", "stimulatorType"] as const;

/** One canonical string per distinct listing query (fixed key order, sorted lists), for cache keys. */
export function canonicalListingQuery(q: ListingQuery): string {
  const params = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort });
  if (q.manufacturers) params.set("manufacturers", JSON.stringify(q.manufacturers));
  if (q.yearRange) params.set("yearRange", JSON.stringify(q.yearRange));
  if (q.denominations) params.set("denominations", JSON.stringify(q.denominations));
  for (const key of VALUE_FILTERS) if (q[key] !== undefined) params.set(key, q[key]);
  return params.toString();
}

/** True when `page` lies past a listing's last page (page 1 of an empty listing does not). */
export function isPastLastPage(page: number, totalPages: number): boolean {
  return page > Math.max(1, totalPages);
}

/**
 * Thrown by a listing's or a search's loader for a page past the last one, carrying its answer (no items, the real
 * totals): the route answers it as it is and the cache never stores it, so free page numbers cannot each cost a KV write.
 */
export class PastLastPage<T = Listing> extends Error {
  constructor(readonly answer: T) {
    super("page past the last one");
  }
}
