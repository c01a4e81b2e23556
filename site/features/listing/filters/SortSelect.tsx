import { sortOptions, type SortValue } from "../filter-model";
import { setSort } from "../filters-store";
import SelectField from "./SelectField";

/** Props of SortSelect: the current sort and whether price sorts apply. */
type Props = { value: SortValue; forSale: boolean };

/** The Sort By menu (name_asc default; price sorts only for sale). */
export default function SortSelect({ value, forSale }: Props) {
  return (
    <SelectField
      label="Sort By"
      value={value}
      options={[...sortOptions(forSale)]}
      onChange={(v) => setSort(v as SortValue)}
      testid="filter-sort"
    />
  );
}
