import type { CategoryId } from "../../../worker/domain/categories";
import { PAGE_SIZE } from "../config";
import { categoryMismatch } from "../item-fetch";
import { listingPath, type ListingView } from "../listing-url";
import { normalizeItem, normalizeListing, type SiteItem, type SiteListing } from "../normalize";
import { ItemSchema, ListingSchema } from "../schemas";
import { apiGet } from "./api";
import { BUILD_LISTING_LIMIT } from "./env";

/**
 * A page the build cannot render truthfully: the catalogue has no failure page to publish, so the build stops with this
 * (naming the page and the cause) and the last deploy stays live.
 */
export class BuildPageError extends Error {
  override name = "BuildPageError";
  constructor(page: string, cause: unknown) {
    super(`Cannot build ${page}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The page that shows a listing view (for the "all" view of a category not routed on its own: its gallery item pages). */
export function listingPage(category: CategoryId, view: ListingView): string {
  return view === "for-sale" ? `/for-sale/${category}` : view === "gallery" ? `/gallery/${category}` : `/${category} (and /gallery/${category}/*)`;
}

/** Page 1 of a listing as the island starts with it; throws a BuildPageError when it cannot be loaded. */
export async function firstListingPage(category: CategoryId, view: ListingView): Promise<SiteListing> {
  try {
    return normalizeListing(await apiGet(listingPath(category, view, 1, PAGE_SIZE), ListingSchema, "catalogue"), category);
  } catch (error) {
    throw new BuildPageError(listingPage(category, view), error);
  }
}

const everything = new Map<string, Promise<SiteItem[]>>();

async function walk(category: CategoryId, view: ListingView): Promise<SiteItem[]> {
  const items: SiteItem[] = [];
  for (let page = 1; ; page++) {
    const listing = normalizeListing(await apiGet(listingPath(category, view, page, BUILD_LISTING_LIMIT), ListingSchema, "catalogue"), category);
    items.push(...listing.items);
    if (page >= listing.totalPages || listing.items.length === 0) return items;
  }
}

/** Every item of a listing view (walking all pages); throws a BuildPageError when a listing page cannot be loaded. */
export function allItems(category: CategoryId, view: ListingView): Promise<SiteItem[]> {
  const key = `${category}:${view}`;
  let pending = everything.get(key);
  if (!pending) {
    pending = walk(category, view).catch((error: unknown) => {
      throw new BuildPageError(listingPage(category, view), error);
    });
    everything.set(key, pending);
  }
  return pending;
}

/** One item through the detail endpoint, for the page `page`; throws a BuildPageError naming it when the item cannot be loaded. */
export async function itemDetail(category: CategoryId, id: string, page: string): Promise<SiteItem> {
  try {
    const item = normalizeItem(await apiGet(`/api/collection/${category}/${encodeURIComponent(id)}`, ItemSchema, "catalogue"));
    if (item.category !== category) throw new Error(categoryMismatch(category, item.category));
    return item;
  } catch (error) {
    throw new BuildPageError(page, error);
  }
}
