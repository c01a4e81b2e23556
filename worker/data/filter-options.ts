import { z } from "zod";
import type { CategoryId } from "#contract/categories";
import { DEFAULT_YEAR_RANGE, type ListingView } from "#contract/listing";
import { FilterOptionsSchema, type FilterOption, type FilterOptions } from "#contract/public-api";
import { quoteIdent } from "../tables/naming";
import { columnFor, withColumns } from "../tables/columns";
import { databaseOf } from "./items";
import { viewWhere } from "./listing-sql";
import { num } from "./values";

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

/** What a listing view's rows add up to, the same for every page and filter of the view: its row count and filter choices. */
export const ViewSummarySchema = z.object({ total: z.number().int().min(0), filter_options: FilterOptionsSchema });

/** A listing view's row count and filter choices (see ViewSummarySchema). */
export type ViewSummary = { total: number; filter_options: FilterOptions };

const options = (values: string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/** The code points of a string with ASCII letters folded to lower case, as SQLite's NOCASE compares them. */
const folded = (text: string): number[] => Array.from(text, (ch) => ch.codePointAt(0)!).map((c) => (c >= 65 && c <= 90 ? c + 32 : c));

function compareCodePoints(a: number[], b: number[]): number {
  for (const [i, code] of a.entries()) {
    const other = b[i];
    if (other === undefined) break;
    if (code !== other) return code - other;
  }
  return a.length - b.length;
}

/** SQLite's `COLLATE NOCASE` order (ASCII letters folded, then code points), values equal under it in code point order. */
export function nocaseOrder(values: string[]): string[] {
  return values
    .map((value) => ({ value, key: folded(value), exact: Array.from(value, (ch) => ch.codePointAt(0)!) }))
    .sort((a, b) => compareCodePoints(a.key, b.key) || compareCodePoints(a.exact, b.exact))
    .map((v) => v.value);
}

/** The JSON list of strings an aggregate below gave, in NOCASE order (SQLite's JSON functions always give valid JSON). */
function stringList(json: unknown): string[] {
  const parsed = z.array(z.string()).safeParse(typeof json === "string" ? JSON.parse(json) : null);
  return parsed.success ? nocaseOrder(parsed.data) : [];
}

/**
 * The view's row count, each filter's distinct non-blank values (NOCASE order) and the year span, in ONE pass over the
 * table: every aggregate in a single statement, so D1 reads each row of the table once.
 */
export function viewSummary(db: D1Database, category: CategoryId, view: ListingView): Promise<ViewSummary> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const list = (property: string) => {
      const column = columnFor(columns, property);
      if (column === undefined) return "'[]'";
      const c = quoteIdent(column);
      return `json_group_array(DISTINCT CAST(${c} AS TEXT)) FILTER (WHERE ${c} IS NOT NULL AND TRIM(${c}) <> '')`;
    };
    const year = columnFor(columns, "Year");
    const span = year === undefined ? "NULL AS lo, NULL AS hi" : `MIN(${quoteIdent(year)}) AS lo, MAX(${quoteIdent(year)}) AS hi`;
    const lists = LISTS.map(([name, property]) => `${list(property)} AS ${quoteIdent(name)}`).join(", ");
    const row = await db
      .prepare(`SELECT COUNT(*) AS total, ${span}, ${lists} FROM ${quoteIdent(columns.table)} WHERE ${viewWhere(columns, view).sql}`)
      .first<Record<string, unknown>>();
    const [lo, hi] = [num(row?.lo), num(row?.hi)];
    const values = (name: (typeof LISTS)[number][0]) => stringList(row?.[name]);
    return {
      total: Number(row?.total ?? 0),
      filter_options: {
        manufacturers: values("manufacturers"),
        yearRange: lo !== null && hi !== null ? [lo, hi] : [...DEFAULT_YEAR_RANGE],
        denominations: values("denominations"),
        additionalFilters: {
          gameTypes: options(values("gameTypes")),
          productCategories: options(values("productCategories")),
          stimulatorTypes: options(values("stimulatorTypes")),
          adTypes: options(values("adTypes")),
          partTypes: options(values("partTypes")),
        },
      },
    };
  });
}
