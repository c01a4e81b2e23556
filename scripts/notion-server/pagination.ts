import { validationError } from "./errors.ts";
import { LIMITS } from "./limits.ts";

/** One page of a list answer in Notion's shape, minus the `type` field the caller adds. */
export type ListPage<T> = { object: "list"; results: T[]; next_cursor: string | null; has_more: boolean };

/** Validates `page_size` like Notion (integer 1..100, default 100); `where` is `body` or `query`. */
export function pageSize(value: unknown, where: "body" | "query"): number {
  if (value === undefined || value === null || value === "") return 100;
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n))
    throw validationError(`${where} failed validation: ${where}.page_size should be a number, instead was \`${JSON.stringify(value)}\`.`);
  if (n < 1) throw validationError(`${where} failed validation: ${where}.page_size should be ≥ \`1\`, instead was \`${n}\`.`);
  if (n > LIMITS.pageSize)
    throw validationError(`${where} failed validation: ${where}.page_size should be ≤ \`${LIMITS.pageSize}\`, instead was \`${n}\`.`);
  return n;
}

/** Slices `items` from an opaque cursor (the id of the first item of the page, as Notion does). */
export function paginate<T extends { id: string }>(items: T[], cursor: unknown, size: number): ListPage<T> {
  let start = 0;
  if (cursor !== undefined && cursor !== null && cursor !== "") {
    start = typeof cursor === "string" ? items.findIndex((item) => item.id === cursor) : -1;
    if (start < 0) throw validationError(`start_cursor provided is invalid: ${String(cursor)}`);
  }
  const results = items.slice(start, start + size);
  const next = items[start + size];
  return { object: "list", results, next_cursor: next ? next.id : null, has_more: next !== undefined };
}
