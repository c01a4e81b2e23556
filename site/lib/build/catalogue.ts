import type { CategoryId } from "../../../worker/domain/categories";
import { PAGE_SIZE } from "../config";
import { fetchItem, itemErrorMessage } from "../item-fetch";
import { listingPath, type ListingView } from "../listing-url";
import { normalizeListing, type SiteItem, type SiteListing } from "../normalize";
import { ListingSchema } from "../schemas";
import { apiGet, apiTry, type Loaded } from "./api";
import { API_TIMEOUT_MS, API_URL, BUILD_LISTING_LIMIT } from "./env";

/** Page 1 of a listing as the island starts with it, or the error the page shows. */
export async function firstListingPage(category: CategoryId, view: ListingView): Promise<Loaded<SiteListing>> {
  const loaded = await apiTry(listingPath(category, view, 1, PAGE_SIZE), ListingSchema);
  return loaded.ok ? { ok: true, data: normalizeListing(loaded.data, category) } : loaded;
}

const everything = new Map<string, Promise<SiteItem[]>>();

async function walk(category: CategoryId, view: ListingView): Promise<SiteItem[]> {
  const items: SiteItem[] = [];
  for (let page = 1; ; page++) {
    const listing = normalizeListing(await apiGet(listingPath(category, view, page, BUILD_LISTING_LIMIT), ListingSchema), category);
    items.push(...listing.items);
    if (page >= listing.totalPages || listing.items.length === 0) return items;
  }
}

/** Every item of a listing view (walking all pages); a failing listing gives none and a warning. */
export function allItems(category: CategoryId, view: ListingView): Promise<SiteItem[]> {
  const key = `${category}:${view}`;
  let pending = everything.get(key);
  if (!pending) {
    pending = walk(category, view).catch((error: unknown) => {
      console.warn(`[site] listing ${category}/${view} failed, no detail pages for it: ${error instanceof Error ? error.message : error}`);
      return [];
    });
    everything.set(key, pending);
  }
  return pending;
}

const details = new Map<string, Promise<Loaded<SiteItem>>>();

/** One item through the detail endpoint, or the message the 'Item Not Found' card shows. */
export function itemDetail(category: CategoryId, id: string): Promise<Loaded<SiteItem>> {
  const key = `${category}/${id}`;
  let pending = details.get(key);
  if (!pending) {
    pending = fetchItem(API_URL, category, id, { credentials: "omit", signal: AbortSignal.timeout(API_TIMEOUT_MS) }).then(
      (data): Loaded<SiteItem> => ({ ok: true, data }),
      (error: unknown): Loaded<SiteItem> => ({ ok: false, error: itemErrorMessage(error) }),
    );
    details.set(key, pending);
  }
  return pending;
}
