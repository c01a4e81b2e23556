import { DEFAULT_SORT } from "#contract/listing";
import { SORT_OPTIONS, type Filters } from "../filter-model";
import { setCategorySelect, setSort, setYearRange, toggleManufacturer } from "../filters-store";

/** Props of ActiveFilterChips: the current filters. */
type Props = { filters: Filters };

/** 'Active Filters' chips, each removing its filter. */
export default function ActiveFilterChips({ filters }: Props) {
  const chips = [
    ...filters.manufacturers.map((m) => ({ label: m, remove: () => toggleManufacturer(m) })),
    ...(filters.yearRange ? [{ label: `${filters.yearRange[0]}–${filters.yearRange[1]}`, remove: () => setYearRange(null) }] : []),
    ...(filters.select ? [{ label: filters.select, remove: () => setCategorySelect(null) }] : []),
    ...(filters.sort !== DEFAULT_SORT
      ? [{ label: SORT_OPTIONS.find((o) => o.value === filters.sort)?.label ?? filters.sort, remove: () => setSort(DEFAULT_SORT) }]
      : []),
  ];
  if (chips.length === 0) return null;
  return (
    <div>
      <p className="mb-2 text-sm font-semibold text-walnut">Active Filters</p>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <button
              type="button"
              onClick={chip.remove}
              className="rounded-full bg-brass-300 px-3 py-1 text-xs font-medium text-ink hover:bg-brass-400"
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label} ✕
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
