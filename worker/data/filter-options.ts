import type { CategoryId } from "#contract/categories";
import { DEFAULT_YEAR_RANGE, type ListingView } from "#contract/listing";
import type { FilterOption, FilterOptions } from "#contract/types";
import { quoteIdent } from "../tables/naming";
import { columnFor, withColumns } from "../tables/columns";
import { databaseOf } from "./items";
import { viewWhere } from "./listing-sql";
import { num, text } from "./values";

/** The filter lists and their properties, in the order they are queried. */
const LISTS = [
  ["manufacturers", "Manufacturer"],
  ["denominations", "Denomination"],
  ["gameTypes", "Game Type"],
  ["productCategories", "Product Category"],
  ["stimulatorTypes", "Stimulator Type"],
  ["adTypes", "Ad Type"],
  ["partTypes", "Part Type"],
] as const;

const options = (values: string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/** Filter choices from the view's rows: distinct sorted values per filter and the year span, all in SQL. */
export function filterOptions(db: D1Database, category: CategoryId, view: ListingView): Promise<FilterOptions> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const table = quoteIdent(columns.table);
    const where = viewWhere(columns, view).sql;
    const distinct = (property: string) => {
      const column = columnFor(columns, property);
      if (column === undefined) return "SELECT NULL AS v WHERE 0";
      const c = quoteIdent(column);
      return `SELECT DISTINCT CAST(${c} AS TEXT) AS v FROM ${table} WHERE ${where} AND ${c} IS NOT NULL AND TRIM(${c}) <> '' ORDER BY v COLLATE NOCASE`;
    };
    const year = columnFor(columns, "Year");
    const span =
      year === undefined
        ? "SELECT NULL AS lo, NULL AS hi"
        : `SELECT MIN(${quoteIdent(year)}) AS lo, MAX(${quoteIdent(year)}) AS hi FROM ${table} WHERE ${where}`;
    const results = await db.batch<Record<string, unknown>>([...LISTS.map(([, p]) => db.prepare(distinct(p))), db.prepare(span)]);
    const lists = results.slice(0, LISTS.length).map((r) => r.results.map((row) => text(row.v)).filter((v): v is string => v !== null));
    const [lo, hi] = [num(results[LISTS.length].results[0]?.lo), num(results[LISTS.length].results[0]?.hi)];
    const [manufacturers, denominations, gameTypes, productCategories, stimulatorTypes, adTypes, partTypes] = lists;
    return {
      manufacturers,
      yearRange: lo !== null && hi !== null ? [lo, hi] : [...DEFAULT_YEAR_RANGE],
      denominations,
      additionalFilters: {
        gameTypes: options(gameTypes),
        productCategories: options(productCategories),
        stimulatorTypes: options(stimulatorTypes),
        adTypes: options(adTypes),
        partTypes: options(partTypes),
      },
    };
  });
}
