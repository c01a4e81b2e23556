import type { CategoryId } from "#contract/categories";
import { DEFAULT_SORT, SORTS, sortsFor, type Sort } from "#contract/listing";

const SORT_LABELS: Record<Sort, string> = {
  name_asc: "Name (A-Z)",
  name_desc: "Name (Z-A)",
  year_asc: "Year (Oldest First)",
  year_desc: "Year (Newest First)",
  price_asc: "Price (Low to High)",
  price_desc: "Price (High to Low)",
};

/** Listing sort orders with their labels, in the contract's order. */
export const SORT_OPTIONS = SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** A sort value. */
export type SortValue = Sort;

/** The category-specific select: query parameter, label, and which filter_options list feeds it. */
export type CategorySelect = {
  param: "denominations" | "gameType" | "productCategory" | "theme" | "partType" | "stimulatorType";
  label: string;
  source: "denominations" | "gameTypes" | "productCategories" | "adTypes" | "partTypes" | "stimulatorTypes";
};

const SELECTS: Partial<Record<CategoryId, CategorySelect>> = {
  slots: { param: "denominations", label: "Denomination", source: "denominations" },
  arcades: { param: "gameType", label: "Game Type", source: "gameTypes" },
  vending: { param: "productCategory", label: "Product Category", source: "productCategories" },
  advertising: { param: "theme", label: "Theme", source: "adTypes" },
  parts: { param: "partType", label: "Part Type", source: "partTypes" },
  "trade-stimulators": { param: "stimulatorType", label: "Stimulator Type", source: "stimulatorTypes" },
};

/** The category-specific select of a category, if it has one. */
export function categorySelect(category: CategoryId): CategorySelect | undefined {
  return SELECTS[category];
}

/** The filter panel's state. */
export type Filters = { manufacturers: string[]; yearRange: [number, number] | null; sort: SortValue; select: string | null };

/** No filters applied. */
export const EMPTY_FILTERS: Filters = { manufacturers: [], yearRange: null, sort: DEFAULT_SORT, select: null };

/** The sort options shown in a context (price sorts only for sale). */
export function sortOptions(forSale: boolean) {
  const offered = sortsFor(forSale ? "for-sale" : "gallery");
  return SORT_OPTIONS.filter((o) => offered.includes(o.value));
}

/** How many filters differ from the defaults (the count on the panel header). */
export function activeFilterCount(filters: Filters): number {
  return filters.manufacturers.length + (filters.yearRange ? 1 : 0) + (filters.select ? 1 : 0) + (filters.sort !== DEFAULT_SORT ? 1 : 0);
}

/** The listing API's query parameters for the filters of a category. */
export function filterParams(category: CategoryId, filters: Filters): [string, string][] {
  const params: [string, string][] = [];
  if (filters.manufacturers.length) params.push(["manufacturers", JSON.stringify(filters.manufacturers)]);
  if (filters.yearRange) params.push(["yearRange", JSON.stringify(filters.yearRange)]);
  const select = categorySelect(category);
  if (select && filters.select)
    params.push([select.param, select.param === "denominations" ? JSON.stringify([filters.select]) : filters.select]);
  params.push(["sort", filters.sort]);
  return params;
}
