import type { FilterOptions, Item, ItemDetail, Listing } from "#contract/public-api";
import { ListingSchema } from "#contract/public-api";
import * as z from "zod/mini";

/**
 * A catalogue item as the site uses it: a listing's item, or the item endpoint's answer (with `longDescription`), or the
 * build's bulk read (which also says when its Notion page was created and last edited, for the feeds and the sitemap).
 */
export type SiteItem = Item &
  Partial<Pick<ItemDetail, "longDescription">> & { createdTime?: string | null; lastEditedTime?: string | null };

/** A listing (one page of a category's items) as the site renders it: the items, page and item counts, filter options. */
export type SiteListing = { items: SiteItem[]; totalPages: number; totalItems: number; filterOptions: FilterOptions };

/** A listing answer may hold its items under `items`, `slots` or the category's id: the other two are moved to `items`. */
function itemsUnderItems(body: unknown, category: string): unknown {
  if (typeof body !== "object" || body === null || "items" in body) return body;
  const { slots, [category]: keyed, ...rest } = body as Record<string, unknown>;
  return { ...rest, items: slots ?? keyed };
}

/** How the site reads a listing answer of `category`: its items moved to `items`, then the contract's schema. */
export function listingReading(category: string) {
  return z.pipe(
    z.transform((body: unknown) => itemsUnderItems(body, category)),
    ListingSchema,
  );
}

/** A listing answer reduced to what the site renders. */
export function siteListing(listing: Listing): SiteListing {
  return {
    items: listing.items,
    totalPages: listing.pagination.totalPages,
    totalItems: listing.pagination.totalItems,
    filterOptions: listing.filter_options,
  };
}

/** A listing answer as the API sent it, validated and reduced to what the site renders (throws on a malformed one). */
export function parseListing(body: unknown, category: string): SiteListing {
  return siteListing(listingReading(category).parse(body));
}
