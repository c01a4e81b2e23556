import { createHash } from "node:crypto";
import type { SiteItem, SiteListing } from "../item-model";
import type { ResolvedHeader } from "../page-defaults";

/** JSON with object keys sorted at every depth, so equal data always gives the same text whatever order it was built in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, val: unknown) =>
    val && typeof val === "object" && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
}

/** A SHA-256 hex digest of `value`'s stable JSON: the same data gives the same digest, any change a different one. */
export function digest(value: unknown): string {
  return createHash("sha256").update(stableJson(value)).digest("hex");
}

const itemDigests = new WeakMap<SiteItem, string>();

/**
 * An item's digest, computed once per item object: a build keys each item's gallery, for-sale and listing pages with it.
 * Its Notion times are left out: no page shows them (the sitemap and feeds, which do, are rendered every build).
 */
function itemDigest(item: SiteItem): string {
  let known = itemDigests.get(item);
  if (known === undefined) {
    const { createdTime: _created, lastEditedTime: _edited, ...shown } = item;
    itemDigests.set(item, (known = digest(shown)));
  }
  return known;
}

/**
 * An item page's cacheKey: the item as the page shows it and the shell every page shows (banner, header, contact
 * details, navigation), so a change of either renders the page again; the page's code is tracked by Astro itself.
 */
export function itemPageKey(shell: string, item: SiteItem): string {
  return digest({ shell, item: itemDigest(item) });
}

/**
 * A listing page's cacheKey: the shell, the page's header, page 1 as prerendered (items, counts, filter choices) and
 * every item of the listing (the island pages through them and each card's image copies are listed in the page).
 */
export function listingPageKey(shell: string, header: ResolvedHeader, first: SiteListing, items: readonly SiteItem[]): string {
  return digest({ shell, header, first, items: items.map(itemDigest) });
}
