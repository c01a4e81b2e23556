/** Listing views, sorts, page size and filter defaults of the collection endpoints. */

/** Listing views: plain (`/api/collection/{c}`), gallery, and for-sale. */
export type ListingView = "all" | "gallery" | "for-sale";

/** Sort orders of listings, in the order the filter panel offers them. */
export const SORTS = ["name_asc", "name_desc", "year_asc", "year_desc", "price_asc", "price_desc"] as const;

/** A listing sort order. */
export type Sort = (typeof SORTS)[number];

/** The sort of a listing whose query names none. */
export const DEFAULT_SORT: Sort = "name_asc";

/** True for the sorts by price, which only the for-sale view offers. */
export function isPriceSort(sort: Sort): boolean {
  return sort === "price_asc" || sort === "price_desc";
}

/** The sorts a listing view accepts: price sorts on the for-sale view only. */
export function sortsFor(view: ListingView): Sort[] {
  return SORTS.filter((s) => view === "for-sale" || !isPriceSort(s));
}

/** A listing page holds 2 items; also the page size when a query names none. */
export const LISTING_PAGE_SIZE = 2;

/** Year range of the filter panel when no item has a year, replaced by the data's range otherwise. */
export const DEFAULT_YEAR_RANGE: readonly [number, number] = [1900, 2023];
