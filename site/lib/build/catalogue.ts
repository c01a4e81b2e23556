import { API_PATHS } from "#contract/api-paths";
import type { CategoryId } from "#contract/categories";
import { categoryMismatch } from "../../features/item/item-fetch";
import { DEFAULT_YEAR_RANGE, LISTING_PAGE_SIZE, type ListingView } from "#contract/listing";
import { listingPath } from "../../features/listing/listing-url";
import { listingReading, siteListing, type SiteItem, type SiteListing } from "../item-model";
import { CataloguePageSchema } from "#contract/public-api";
import { apiGet } from "./api";
import { knowImageSizes } from "./probe";
import { catalogueState } from "./publication";

/** The most answers the build reads for one category (500 items each). */
const MAX_CATALOGUE_SLICES = 100;

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
  return view === "for-sale"
    ? `/for-sale/${category}`
    : view === "gallery"
      ? `/gallery/${category}`
      : `/${category} (and /gallery/${category}/*)`;
}

/** A listing with no items, as a catalogue never published shows it. */
const EMPTY_LISTING: SiteListing = {
  items: [],
  totalPages: 0,
  totalItems: 0,
  filterOptions: {
    manufacturers: [],
    yearRange: [...DEFAULT_YEAR_RANGE],
    denominations: [],
    additionalFilters: { gameTypes: [], productCategories: [], stimulatorTypes: [], adTypes: [], partTypes: [] },
  },
};

/** Page 1 of a listing as the island starts with it (empty while nothing was ever published); throws a BuildPageError when it cannot be loaded. */
export async function firstListingPage(category: CategoryId, view: ListingView): Promise<SiteListing> {
  try {
    if ((await catalogueState()) === "never-published") return EMPTY_LISTING;
    return siteListing(await apiGet(listingPath(category, view, 1, LISTING_PAGE_SIZE), listingReading(category), "catalogue"));
  } catch (error) {
    throw new BuildPageError(listingPage(category, view), error);
  }
}

const catalogues = new Map<CategoryId, Promise<SiteItem[]>>();

async function readCatalogue(category: CategoryId): Promise<SiteItem[]> {
  if ((await catalogueState()) === "never-published") return [];
  const items: SiteItem[] = [];
  // Bounded: every answer moves `after` past its last id, and a catalogue of 100 slices would be 50,000 items.
  let after: string | null = null;
  for (let slice = 0; slice < MAX_CATALOGUE_SLICES; slice++) {
    const path: string = `${API_PATHS.build}/catalogue/${category}${after ? `?after=${encodeURIComponent(after)}` : ""}`;
    const page = await apiGet(path, CataloguePageSchema, "catalogue");
    // The item pages' srcsets then need no probe of the images the sync already measured.
    knowImageSizes(page.imageSizes);
    items.push(...page.items);
    if (page.next === null || page.items.length === 0) return items;
    after = page.next;
  }
  throw new Error(`GET ${API_PATHS.build}/catalogue/${category} still had more items after ${MAX_CATALOGUE_SLICES} answers`);
}

/** The pages that show a category's items, named when its catalogue cannot be read. */
function catalogueRoutes(category: CategoryId): string {
  return `/gallery/${category}/* and /for-sale/${category}/*`;
}

/**
 * Every item of a category, read once per build through the worker's bulk endpoint (500 items an answer) rather than an
 * item request per page (none while nothing was ever published); throws a BuildPageError naming the category's item pages when it cannot be read.
 */
export function categoryItems(category: CategoryId): Promise<SiteItem[]> {
  let pending = catalogues.get(category);
  if (!pending) {
    pending = readCatalogue(category)
      .then((items) => {
        const stranger = items.find((item) => item.category !== category);
        if (stranger) throw new Error(categoryMismatch(category, stranger.category));
        return items;
      })
      .catch((error: unknown) => {
        throw new BuildPageError(catalogueRoutes(category), error);
      });
    catalogues.set(category, pending);
  }
  return pending;
}

/** Every item of a listing view: for sale only, or all of the category (the plain and gallery views show the same rows). */
export async function allItems(category: CategoryId, view: ListingView): Promise<SiteItem[]> {
  const items = await categoryItems(category);
  return view === "for-sale" ? items.filter((item) => item.forSale) : items;
}
