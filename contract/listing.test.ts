import { describe, expect, it } from "vitest";
import { isPriceSort, SORTS, sortsFor } from "./listing";

describe("listing sorts", () => {
  it("offers the price sorts on the for-sale view only", () => {
    expect(sortsFor("for-sale")).toEqual([...SORTS]);
    for (const view of ["all", "gallery"] as const) expect(sortsFor(view)).toEqual(["name_asc", "name_desc", "year_asc", "year_desc"]);
  });

  it("counts exactly the two price orders as price sorts", () => {
    expect(SORTS.filter(isPriceSort)).toEqual(["price_asc", "price_desc"]);
  });
});
