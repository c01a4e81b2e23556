import type { FilterOptions, ImageRecord, Item, ItemDetail, Listing } from "#contract/public-api";
import { ListingSchema } from "#contract/public-api";
import * as z from "zod/mini";

/**
 * A catalogue item as the site uses it: a listing's item, or the item endpoint's answer (with `longDescription`), or the
 * build's bulk read (which also says when its Notion page was created and last edited, for the feeds and the sitemap).
 */
export type SiteItem = Item &
  Partial<Pick<ItemDetail, "longDescription">> & { createdTime?: string | null; lastEditedTime?: string | null };

/** The listing fields the site needs. */
export type SiteListing = { items: SiteItem[]; totalPages: number; totalItems: number; filterOptions: FilterOptions };

/** The spec's other readings of a listing answer, its items under `slots` or under the category's name, moved to `items`. */
function itemsUnderItems(body: unknown, category: string): unknown {
  if (typeof body !== "object" || body === null || "items" in body) return body;
  const { slots, [category]: keyed, ...rest } = body as Record<string, unknown>;
  return { ...rest, items: slots ?? keyed };
}

/** How the site reads a listing answer of `category`: the spec's other readings moved to `items`, then the contract's schema. */
export function listingReading(category: string) {
  return z.pipe(
    z.transform((body: unknown) => itemsUnderItems(body, category)),
    ListingSchema,
  );
}

/** A listing answer reduced to what the site renders. */
export function normalizeListing(listing: Listing): SiteListing {
  return {
    items: listing.items,
    totalPages: listing.pagination.totalPages,
    totalItems: listing.pagination.totalItems,
    filterOptions: listing.filter_options,
  };
}

/** A listing answer as the API sent it, validated and reduced to what the site renders (throws on a malformed one). */
export function parseListing(body: unknown, category: string): SiteListing {
  return normalizeListing(listingReading(category).parse(body));
}

/** From an image response (record or list): the record with `id`, else the first. */
export function pickImage(response: ImageRecord | ImageRecord[], id: string): ImageRecord | null {
  if (!Array.isArray(response)) return response;
  return response.find((r) => r.id === id) ?? response[0] ?? null;
}
