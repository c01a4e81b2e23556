import { DEFAULT_YEAR_RANGE } from "#contract/listing";
import { fullAnnotations } from "#contract/types";
import type { FilterOptions, Item, RichTextPiece } from "#contract/types";
import type { CategoryId } from "#contract/categories";
import type { RawImageRecord, RawItem, RawListing, RichTextPieceData } from "#contract/public-api";
import * as z from "zod/mini";
import { ItemSchema, ListingSchema } from "#contract/public-api";

/**
 * A catalogue item as the site uses it: every common field present; the build's items (read in bulk) also say when
 * their Notion page was created and last edited (ISO 8601), for the feeds and the sitemap.
 */
export type SiteItem = Item & { createdTime?: string | null; lastEditedTime?: string | null };

/** The listing fields the site needs. */
export type SiteListing = { items: SiteItem[]; totalPages: number; totalItems: number; filterOptions: FilterOptions };

/** Fills an item's common fields with empty values where the API left them out. */
export function normalizeItem(raw: RawItem): SiteItem {
  return {
    ...raw,
    category: raw.category as CategoryId,
    title: raw.title ?? null,
    description: raw.description ?? null,
    descriptionRichText: raw.descriptionRichText?.length
      ? raw.descriptionRichText.map(fullPiece)
      : raw.description
        ? [fullPiece({ plain_text: raw.description })]
        : [],
    manufacturer: raw.manufacturer ?? null,
    year: raw.year ?? null,
    mainImageUrl: raw.mainImageUrl ?? null,
    additionalImageUrls: raw.additionalImageUrls ?? [],
    forSale: raw.forSale ?? false,
    price: raw.price ?? null,
    condition: raw.condition ?? null,
  };
}

/** A rich text piece with every field present (absent annotations off, default colour). */
function fullPiece(piece: RichTextPieceData): RichTextPiece {
  const a = piece.annotations ?? {};
  return {
    type: "text",
    plain_text: piece.plain_text ?? "",
    href: piece.href ?? null,
    annotations: fullAnnotations(a),
  };
}

/** The listing's items, wherever the response put them (items, slots, or a list keyed by the category). */
export function listingItems(raw: RawListing, category: string): SiteItem[] {
  const keyed = (raw as Record<string, unknown>)[category];
  const list = raw.items ?? raw.slots ?? (Array.isArray(keyed) ? z.array(ItemSchema).parse(keyed) : []);
  return list.map(normalizeItem);
}

/** A listing response reduced to what the site renders. */
export function normalizeListing(raw: RawListing, category: string): SiteListing {
  const f = raw.filter_options;
  const extra = f?.additionalFilters;
  return {
    items: listingItems(raw, category),
    totalPages: raw.pagination.totalPages,
    totalItems: raw.pagination.totalItems ?? raw.total ?? 0,
    filterOptions: {
      manufacturers: f?.manufacturers ?? [],
      yearRange: f?.yearRange ?? [...DEFAULT_YEAR_RANGE],
      denominations: f?.denominations ?? [],
      additionalFilters: {
        gameTypes: extra?.gameTypes ?? [],
        productCategories: extra?.productCategories ?? [],
        stimulatorTypes: extra?.stimulatorTypes ?? [],
        adTypes: extra?.adTypes ?? [],
        partTypes: extra?.partTypes ?? [],
      },
    },
  };
}

/** A listing answer as the API sent it, validated and reduced to what the site renders (throws on a malformed one). */
export function parseListing(body: unknown, category: string): SiteListing {
  return normalizeListing(ListingSchema.parse(body), category);
}

/** From an image response (record or list): the record with `id`, else the first. */
export function pickImage(response: RawImageRecord | RawImageRecord[], id: string): RawImageRecord | null {
  if (!Array.isArray(response)) return response;
  return response.find((r) => r.id === id) ?? response[0] ?? null;
}
