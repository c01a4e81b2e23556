import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeFilterCount, filterParams, sortOptions } from "./filter-model";
import { listingPath } from "./listing-url";
import { $filters, resetFilters, setCategorySelect, setFiltersOpen, setSort, setYearRange, toggleManufacturer } from "./filters-store";
import { $appliedFilters, $listingPage } from "./listing-store";

beforeEach(() => {
  vi.stubGlobal("location", new URL("http://x/gallery/slots?page=3"));
  resetFilters();
  $listingPage.set(3);
});

describe("filters", () => {
  it("changing a filter resets the page to 1", () => {
    toggleManufacturer("Mills");
    expect($listingPage.get()).toBe(1);
    expect($filters.get().manufacturers).toEqual(["Mills"]);
  });

  it("sends the filters as the listing API's query parameters", () => {
    toggleManufacturer("Mills");
    toggleManufacturer("Jennings");
    setYearRange([1920, 1940]);
    setSort("year_desc");
    setCategorySelect("5¢");
    expect(activeFilterCount($filters.get())).toBe(5);
    expect(filterParams("slots", $filters.get())).toEqual([
      ["manufacturers", '["Mills","Jennings"]'],
      ["yearRange", "[1920,1940]"],
      ["denominations", JSON.stringify(["5¢"])],
      ["sort", "year_desc"],
    ]);
    expect(listingPath("arcades", "gallery", 1, 2, { ...$filters.get(), select: "Viewer" })).toContain("gameType=Viewer");
  });

  it("defaults to name_asc and offers price sorts only for sale", () => {
    expect($filters.get().sort).toBe("name_asc");
    expect(sortOptions(false).map((o) => o.value)).toEqual(["name_asc", "name_desc", "year_asc", "year_desc"]);
    expect(sortOptions(true).map((o) => o.value)).toContain("price_desc");
  });

  it("applies the filters to the listing only while the panel is open", () => {
    setFiltersOpen(false);
    toggleManufacturer("Mills");
    expect($appliedFilters.get()).toBeNull();
    setFiltersOpen(true);
    expect($appliedFilters.get()).toEqual({ ...$filters.get(), manufacturers: ["Mills"] });
    setSort("year_desc");
    expect($appliedFilters.get()?.sort).toBe("year_desc");
    setFiltersOpen(false);
    expect($appliedFilters.get()).toBeNull();
    expect($filters.get().manufacturers).toEqual(["Mills"]);
  });

  it("builds listing paths without filters when they are off", () => {
    expect(listingPath("slots", "for-sale", 2, 2)).toBe("/api/collection/slots/for-sale?page=2&limit=2");
    expect(listingPath("vending", "all", 1, 2)).toBe("/api/collection/vending?page=1&limit=2");
  });
});
