import { CATEGORY_IDS, type CategoryId } from "#contract/categories";
import { itemAddress } from "#contract/item-address";
import type { ListingView } from "#contract/listing";
import type { SiteItem } from "../item-model";
import type { PageId } from "../page-defaults";
import { digest, itemPageKey, listingPageKey } from "./cache-keys";
import { allItems, firstListingPage } from "./catalogue";
import { pageHeader } from "./content";
import { loadShell } from "./shell";
import { loadSiteSettings } from "./site-settings";

let shellDigest: Promise<string> | undefined;

/**
 * A digest of everything every page shows: the shell (banner, header title and logo, contact details, texture,
 * navigation) and the dealer's settings (prices' currency and locale, the analytics beacon).
 */
function shellKey(): Promise<string> {
  shellDigest ??= Promise.all([loadShell(), loadSiteSettings()]).then(([shell, settings]) => digest({ shell, settings }));
  return shellDigest;
}

/**
 * A getStaticPaths entry of an item page at `{slug}-{id}` (`item`), the item travelling as a prop (no request per page),
 * keyed by what the page shows.
 */
export type ItemPath = {
  params: { category: CategoryId; item: string };
  props: { category: CategoryId; item: SiteItem };
  cacheKey: string;
};

/** The item pages of a source page: every item (gallery) or the items for sale (for sale) of every category. */
export async function itemPaths(source: "gallery" | "for-sale"): Promise<ItemPath[]> {
  const shell = await shellKey();
  const perCategory = await Promise.all(
    CATEGORY_IDS.map(async (category) =>
      (await allItems(category, source === "for-sale" ? "for-sale" : "all")).map((item) => ({
        params: { category, item: itemAddress(item) },
        props: { category, item },
        cacheKey: itemPageKey(shell, item),
      })),
    ),
  );
  return perCategory.flat();
}

/** A getStaticPaths entry of a listing page. */
export type ListingPath = { params: { category: CategoryId }; props: { category: CategoryId }; cacheKey: string };

/** The listing pages of a view for `categories`, each keyed by the shell, its header, its page 1 and every item it lists. */
export async function listingPaths(view: ListingView, header: PageId, categories: readonly CategoryId[]): Promise<ListingPath[]> {
  const [shell, resolved] = await Promise.all([shellKey(), pageHeader(header)]);
  return Promise.all(
    categories.map(async (category) => {
      const [first, items] = await Promise.all([firstListingPage(category, view), allItems(category, view)]);
      return { params: { category }, props: { category }, cacheKey: listingPageKey(shell, resolved, first, items) };
    }),
  );
}
