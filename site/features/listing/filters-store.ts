import { atom } from "nanostores";
import { EMPTY_FILTERS, type Filters, type SortValue } from "./filter-model";
import { $appliedFilters, resetPage } from "./listing-store";

/** The listing's filter choices (only sent when the filter panel is enabled). */
export const $filters = atom<Filters>(EMPTY_FILTERS);

/** Whether the filter panel is expanded. */
export const $filtersOpen = atom(false);

// The listing requests with the filters only while the panel is open.
function apply(): void {
  $appliedFilters.set($filtersOpen.get() ? $filters.get() : null);
}

function update(change: Partial<Filters>): void {
  $filters.set({ ...$filters.get(), ...change });
  apply();
  resetPage();
}

/** Adds or removes a manufacturer. */
export function toggleManufacturer(name: string): void {
  const current = $filters.get().manufacturers;
  update({ manufacturers: current.includes(name) ? current.filter((m) => m !== name) : [...current, name] });
}

/** Sets the year range (null clears it). */
export function setYearRange(range: [number, number] | null): void {
  update({ yearRange: range });
}

/** Sets the sort order. */
export function setSort(sort: SortValue): void {
  update({ sort });
}

/** Sets the category-specific select (null clears it). */
export function setCategorySelect(value: string | null): void {
  update({ select: value });
}

/** Clears every filter. */
export function resetFilters(): void {
  update({ ...EMPTY_FILTERS });
}

/** Opens or closes the filter panel; closing it keeps the filters but resets to page 1. */
export function setFiltersOpen(open: boolean): void {
  $filtersOpen.set(open);
  apply();
  resetPage();
}
