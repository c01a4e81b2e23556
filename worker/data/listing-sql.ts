import type { ListingView, Sort } from "#contract/listing";
import { type ListingQuery, VALUE_FILTERS } from "../lib/listing-query";
import { quoteIdent } from "../tables/naming";
import { columnFor, type TableColumns } from "../tables/columns";
import { itemProperty } from "#contract/notion-layout";

/** A SQL fragment and the values bound to its `?` placeholders, in order. */
export type Sql = { sql: string; binds: (string | number)[] };

const SORT_PROPERTIES = { name: "Title", year: "Year", price: "Price" } as const;

/** The rows a view shows: every row, or only those whose For Sale box is ticked. */
export function viewWhere(columns: TableColumns, view: ListingView): Sql {
  if (view !== "for-sale") return { sql: "1", binds: [] };
  const forSale = columnFor(columns, itemProperty("forSale"));
  return { sql: forSale === undefined ? "0" : `${quoteIdent(forSale)} = 1`, binds: [] };
}

/** The view's condition plus every filter of the query; a filter on a column the table lacks matches nothing. */
export function listingWhere(columns: TableColumns, view: ListingView, q: ListingQuery): Sql {
  const parts = [viewWhere(columns, view)];
  const on = (property: string, make: (column: string) => Sql) => {
    const column = columnFor(columns, property);
    parts.push(column === undefined ? { sql: "0", binds: [] } : make(quoteIdent(column)));
  };
  // A list is bound as one JSON value: D1 allows 100 bound values a statement, and two lists of 50 would pass that.
  const anyOf = (values: string[]) => (c: string) => ({ sql: `${c} IN (SELECT value FROM json_each(?))`, binds: [JSON.stringify(values)] });
  if (q.manufacturers) on("Manufacturer", anyOf(q.manufacturers));
  if (q.denominations) on("Denomination", anyOf(q.denominations));
  const range = q.yearRange;
  if (range) on("Year", (c) => ({ sql: `${c} BETWEEN ? AND ?`, binds: range }));
  for (const key of VALUE_FILTERS) {
    const wanted = q[key];
    if (wanted !== undefined) on(key, (c) => ({ sql: `${c} = ?`, binds: [wanted] }));
  }
  return { sql: parts.map((p) => `(${p.sql})`).join(" AND "), binds: parts.flatMap((p) => p.binds) };
}

/** True when the query narrows the view by no filter (paging and sort aside): the view's own count and order apply. */
export function isUnfiltered(q: ListingQuery): boolean {
  return !q.manufacturers && !q.denominations && !q.yearRange && VALUE_FILTERS.every((key) => q[key] === undefined);
}

/** ORDER BY for a sort: rows without the value last in both directions, names case-insensitive, then by id. */
export function listingOrder(columns: TableColumns, sort: Sort): string {
  const [field, direction] = sort.split("_") as [keyof typeof SORT_PROPERTIES, "asc" | "desc"];
  const column = columnFor(columns, SORT_PROPERTIES[field]);
  if (column === undefined) return "id";
  const c = quoteIdent(column);
  const collate = field === "name" ? " COLLATE NOCASE" : "";
  return `${c} IS NULL, ${c}${collate} ${direction.toUpperCase()}, id`;
}
