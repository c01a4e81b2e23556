import type { DateSpec, Rich, SimpleValue } from "./workspace.ts";
import { validationError } from "./errors.ts";
import { plainText } from "./shapes/rich-text.ts";
import type { StoredPage, StoredProperty } from "./store-types.ts";

type Scalar = string | number | boolean | null | string[];
type Filter = Record<string, unknown>;
type Sort = { property?: string; timestamp?: string; direction?: string };

/** Applies a data source query's `filter` (common property, timestamp and compound filters) to pages. */
export function filterPages(pages: StoredPage[], filter: unknown): StoredPage[] {
  if (filter === undefined || filter === null) return pages;
  return pages.filter((page) => matches(page, filter as Filter));
}

/** Sorts pages by a query's `sorts` (property or timestamp, ascending/descending, empty values last). */
export function sortPages(pages: StoredPage[], sorts: unknown): StoredPage[] {
  if (!Array.isArray(sorts) || sorts.length === 0) return pages;
  const keys = (sorts as Sort[]).map((s) => ({ get: getter(pages[0], s), dir: s.direction === "descending" ? -1 : 1 }));
  return [...pages].sort((a, b) => {
    for (const { get, dir } of keys) {
      const c = compare(get(a), get(b));
      if (c !== 0) return get(a) === null ? 1 : get(b) === null ? -1 : c * dir;
    }
    return 0;
  });
}

function getter(sample: StoredPage | undefined, s: Sort): (p: StoredPage) => Scalar {
  if (s.timestamp === "created_time") return (p) => p.createdTime;
  if (s.timestamp === "last_edited_time") return (p) => p.lastEditedTime;
  if (typeof s.property !== "string") throw validationError("body failed validation: body.sorts[0] should have a property or timestamp.");
  return (p) => scalar(p, findProperty(p, s.property!));
}

function matches(page: StoredPage, f: Filter): boolean {
  if (Array.isArray(f.and)) return f.and.every((x) => matches(page, x as Filter));
  if (Array.isArray(f.or)) return f.or.some((x) => matches(page, x as Filter));
  if (f.timestamp === "created_time" || f.timestamp === "last_edited_time") {
    const value = f.timestamp === "created_time" ? page.createdTime : page.lastEditedTime;
    return test(value, (f[f.timestamp] ?? {}) as Filter);
  }
  if (typeof f.property !== "string")
    throw validationError("body failed validation: body.filter should be a property, timestamp, or compound filter.");
  const property = findProperty(page, f.property);
  const condition = Object.entries(f).find(([k]) => k !== "property")?.[1];
  return test(scalar(page, property), (condition ?? {}) as Filter);
}

function findProperty(page: StoredPage, nameOrId: string): StoredProperty {
  const p = page.database.properties.find((x) => x.name === nameOrId || x.id === nameOrId);
  if (!p) throw validationError(`Could not find property with name or id: ${nameOrId}`);
  return p;
}

function scalar(page: StoredPage, p: StoredProperty): Scalar {
  const v: SimpleValue | undefined = page.values[p.name];
  if (p.type === "created_time") return page.createdTime;
  if (p.type === "last_edited_time") return page.lastEditedTime;
  if (p.type === "unique_id") return typeof v === "number" ? v : page.number;
  if (v === undefined || v === null || v === "") return p.type === "checkbox" ? false : null;
  if (p.type === "title" || p.type === "rich_text") return plainText(v as Rich) || null;
  if (p.type === "date") return typeof v === "string" ? v : (v as DateSpec).start;
  if (Array.isArray(v)) return v.map((x) => (typeof x === "string" ? x : "text" in x ? x.text : "image" in x ? x.image : x.external));
  return v as Scalar;
}

function test(value: Scalar, condition: Filter): boolean {
  const [op, arg] = Object.entries(condition)[0] ?? ["is_not_empty", true];
  const empty = value === null || value === "" || (Array.isArray(value) && value.length === 0);
  const list = Array.isArray(value) ? value : null;
  const text = typeof value === "string" ? value : "";
  switch (op) {
    case "is_empty":
      return empty;
    case "is_not_empty":
      return !empty;
    case "equals":
      return list ? list.includes(arg as string) : value === arg;
    case "does_not_equal":
      return list ? !list.includes(arg as string) : value !== arg;
    case "contains":
      return list ? list.includes(arg as string) : text.toLowerCase().includes(String(arg).toLowerCase());
    case "does_not_contain":
      return list ? !list.includes(arg as string) : !text.toLowerCase().includes(String(arg).toLowerCase());
    case "starts_with":
      return text.toLowerCase().startsWith(String(arg).toLowerCase());
    case "ends_with":
      return text.toLowerCase().endsWith(String(arg).toLowerCase());
    case "greater_than":
    case "after":
      return !empty && compare(value, arg as Scalar) > 0;
    case "less_than":
    case "before":
      return !empty && compare(value, arg as Scalar) < 0;
    case "greater_than_or_equal_to":
    case "on_or_after":
      return !empty && compare(value, arg as Scalar) >= 0;
    case "less_than_or_equal_to":
    case "on_or_before":
      return !empty && compare(value, arg as Scalar) <= 0;
    default:
      throw validationError(`body failed validation: filter condition \`${op}\` is not supported by the local Notion server.`);
  }
}

function compare(a: Scalar, b: Scalar): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const [x, y] = [String(a), String(b)];
  if (/^\d{4}-\d{2}-\d{2}/.test(x) && /^\d{4}-\d{2}-\d{2}/.test(y)) return Date.parse(x) - Date.parse(y);
  return x.localeCompare(y);
}
