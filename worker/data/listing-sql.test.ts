import { describe, expect, it } from "vitest";
import { listingQuerySchema } from "../lib/listing-query";
import { propKey } from "../tables/naming";
import type { TableColumns } from "../tables/columns";
import { listingOrder, listingWhere, viewWhere } from "./listing-sql";

const columns = (...names: string[]): TableColumns => ({
  table: "notion_slot_machines",
  byKey: new Map(names.map((n) => [propKey(n), n])),
});
const slots = columns("id", "title", "manufacturer", "year", "for_sale", "price", "denomination");

describe("listing SQL", () => {
  it("limits for-sale to ticked rows, and matches nothing without a For Sale column", () => {
    expect(viewWhere(slots, "for-sale")).toEqual({ sql: '"for_sale" = 1', binds: [] });
    expect(viewWhere(slots, "gallery")).toEqual({ sql: "1", binds: [] });
    expect(viewWhere(columns("id"), "for-sale")).toEqual({ sql: "0", binds: [] });
  });

  it("binds every filter value and quotes every column", () => {
    const q = listingQuerySchema("all").parse({
      manufacturers: '["Mills","Caille"]',
      yearRange: "[1900,1950]",
      denominations: '["5¢"]',
      gameType: "Crane",
    });
    expect(listingWhere(slots, "all", q)).toEqual({
      sql: '(1) AND ("manufacturer" IN (SELECT value FROM json_each(?))) AND ("denomination" IN (SELECT value FROM json_each(?))) AND ("year" BETWEEN ? AND ?) AND (0)',
      binds: ['["Caille","Mills"]', '["5¢"]', 1900, 1950],
    });
  });

  it("orders with NULLs last, names case-insensitively, ties by id", () => {
    expect(listingOrder(slots, "name_asc")).toBe('"title" IS NULL, "title" COLLATE NOCASE ASC, id');
    expect(listingOrder(slots, "price_desc")).toBe('"price" IS NULL, "price" DESC, id');
    expect(listingOrder(columns("id"), "year_asc")).toBe("id");
  });
});
