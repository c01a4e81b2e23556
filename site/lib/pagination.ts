/** One slot of the pager: a page number or a gap. */
export type PageSlot = number | "ellipsis";

/** Page count: total divided by page size, rounded up. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize));
}

/** The page numbers to show: all up to 5 pages, else first, last, current ±1 and ellipses for gaps; none at <= 1 page. */
export function pageWindow(current: number, totalPages: number): PageSlot[] {
  if (totalPages <= 1) return [];
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), totalPages);
  const slots: PageSlot[] = [1];
  if (page - 1 > 2) slots.push("ellipsis");
  for (let n = Math.max(2, page - 1); n <= Math.min(totalPages - 1, page + 1); n++) slots.push(n);
  if (page + 1 < totalPages - 1) slots.push("ellipsis");
  slots.push(totalPages);
  return slots;
}

/** Reads the `page` query value as an integer, defaulting to 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}
