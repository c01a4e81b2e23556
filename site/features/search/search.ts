import { itemPagePath } from "#contract/item-address";

/** The item page a hit leads to: for sale under /for-sale, otherwise the gallery. */
export function hitHref(hit: { category: string; id: string; title: string | null; forSale: boolean }): string {
  return itemPagePath(hit.forSale ? "for-sale" : "gallery", hit);
}

/** The live region's sentence for a finished search. */
export function resultCountText(total: number, q: string): string {
  return total === 0 ? `No items match "${q}".` : `${total} ${total === 1 ? "item matches" : "items match"} "${q}".`;
}
