import { useStore } from "@nanostores/react";
import { Collapsible } from "radix-ui";
import type { CategoryId } from "#contract/categories";
import { activeFilterCount } from "./filter-model";
import type { FilterOptions } from "#contract/public-api";
import { $filters, $filtersOpen, resetFilters, setFiltersOpen } from "./filters-store";
import Icon from "../../lib/ui/Icon";
import ActiveFilterChips from "./filters/ActiveFilterChips";
import CategoryFilterSelect from "./filters/CategoryFilterSelect";
import ManufacturerFilter from "./filters/ManufacturerFilter";
import SortSelect from "./filters/SortSelect";
import YearRangeFilter from "./filters/YearRangeFilter";

/** Props of FilterPanel: category, whether price sorts apply, and the build's filter_options. */
type Props = { category: CategoryId; forSale: boolean; options: FilterOptions | null };

/** The collapsible 'Filters' card (built, and shown only when ListingPage.astro's FILTERS_ENABLED is on). */
export default function FilterPanel({ category, forSale, options }: Props) {
  const open = useStore($filtersOpen);
  const filters = useStore($filters);
  const count = activeFilterCount(filters);
  return (
    <Collapsible.Root open={open} onOpenChange={setFiltersOpen} className="card mb-4" data-testid="filter-panel">
      <Collapsible.Trigger
        className="flex w-full items-center justify-between px-4 py-3 font-semibold text-oxblood-800"
        data-testid="filter-toggle"
      >
        <span className="flex items-center gap-2">
          <Icon type="filter" className="size-4" />
          Filters
          {count > 0 && (
            <span className="rounded-full bg-oxblood-700 px-2 text-xs text-cream-50" data-testid="filter-count">
              {count}
            </span>
          )}
        </span>
        <Icon type={open ? "close" : "chevron-right"} className="size-4" />
      </Collapsible.Trigger>
      <Collapsible.Content className="space-y-5 border-t border-cream-300 px-4 py-4">
        <ManufacturerFilter manufacturers={options?.manufacturers ?? []} selected={filters.manufacturers} />
        <YearRangeFilter bounds={options?.yearRange ?? null} value={filters.yearRange} />
        <SortSelect value={filters.sort} forSale={forSale} />
        <CategoryFilterSelect category={category} options={options} value={filters.select} />
        <ActiveFilterChips filters={filters} />
        <div className="flex gap-3">
          <button type="button" className="btn-outline" onClick={resetFilters} data-testid="filter-reset">
            Reset All
          </button>
          <button type="button" className="btn-primary" onClick={() => setFiltersOpen(false)} data-testid="filter-close">
            Close
          </button>
        </div>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
