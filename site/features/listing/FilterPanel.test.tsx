import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { $filtersOpen, resetFilters } from "./filters-store";
import FilterPanel from "./FilterPanel";

const options = {
  manufacturers: ["Mills", "Jennings"],
  yearRange: [1928, 1964] as [number, number],
  denominations: ["5¢"],
  additionalFilters: { gameTypes: [], productCategories: [], stimulatorTypes: [], adTypes: [], partTypes: [] },
};

beforeEach(() => {
  resetFilters();
  $filtersOpen.set(true);
});

describe("filter panel", () => {
  it("shows the manufacturers, the server's year range, Sort By, the category select, Reset All and Close", () => {
    const html = renderToString(<FilterPanel category="slots" forSale options={options} />);
    for (const text of [
      "Filters",
      "Manufacturer",
      "Mills",
      "Jennings",
      "Year Range: 1928 – 1964",
      "Sort By",
      "Denomination",
      "Reset All",
      "Close",
    ])
      expect(html).toContain(text);
  });

  it("says 'No manufacturers available' and uses 1900-2023 without filter options", () => {
    const html = renderToString(<FilterPanel category="toys" forSale={false} options={null} />);
    expect(html).toContain("No manufacturers available");
    expect(html).toContain("Year Range: 1900 – 2023");
  });

  it("is collapsed to its 'Filters' header when closed", () => {
    $filtersOpen.set(false);
    const html = renderToString(<FilterPanel category="slots" forSale options={options} />);
    expect(html).toContain("Filters");
    expect(html).not.toContain("Reset All");
  });
});
