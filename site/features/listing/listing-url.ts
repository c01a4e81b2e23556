import type { CategoryId } from "#contract/categories";
import { API_PATHS } from "#contract/api-paths";
import { itemPagePath, type ItemSection } from "#contract/item-address";
import type { ListingView } from "#contract/listing";
import { filterParams, type Filters } from "./filter-model";

/** The API path of a listing page, e.g. `/api/collection/slots/gallery?page=2&limit=2` (also the query-cache key). */
export function listingPath(category: CategoryId, view: ListingView, page: number, limit: number, filters?: Filters | null): string {
  const base = `${API_PATHS.collection}/${category}${view === "all" ? "" : `/${view}`}`;
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filters) for (const [key, value] of filterParams(category, filters)) params.set(key, value);
  return `${base}?${params}`;
}

/** Where an item card leads: /{gallery|for-sale}/{category}/{slug}-{id}?page={n}. */
export function itemHref(sourcePage: ItemSection, item: { id: string; category: string; title: string | null }, page: number): string {
  return `${itemPagePath(sourcePage, item)}?page=${page}`;
}

/** The address of listing page `page` relative to the current one, keeping the other query values of `search`: `?category=slots&page=2`. */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `?${params}`;
}
