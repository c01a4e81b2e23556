import type { CategoryId } from "#contract/categories";
import { categorySelect } from "../filter-model";
import type { FilterOptions } from "#contract/public-api";
import { setCategorySelect } from "../filters-store";
import SelectField from "./SelectField";

/** Props of CategoryFilterSelect: category, filter_options and the chosen value. */
type Props = { category: CategoryId; options: FilterOptions | null; value: string | null };

const ANY = "__any__";

/** The category-specific select (denomination, game type, ...), if the category has one. */
export default function CategoryFilterSelect({ category, options, value }: Props) {
  const select = categorySelect(category);
  if (!select || !options) return null;
  const source =
    select.source === "denominations"
      ? options.denominations.map((d) => ({ value: d, label: d }))
      : options.additionalFilters[select.source];
  const choices = [{ value: ANY, label: `All ${select.label}s` }, ...source];
  return (
    <SelectField
      label={select.label}
      value={value ?? ANY}
      options={choices}
      onChange={(v) => setCategorySelect(v === ANY ? null : v)}
      testid="filter-category-select"
    />
  );
}
