/** The item page a hit leads to: for sale under /for-sale, otherwise the gallery. */
export function hitHref(hit: { category: string; id: string; forSale: boolean }): string {
  return `/${hit.forSale ? "for-sale" : "gallery"}/${hit.category}/${encodeURIComponent(hit.id)}`;
}

/** The live region's sentence for a finished search. */
export function resultCountText(total: number, q: string): string {
  return total === 0 ? `No items match "${q}".` : `${total} ${total === 1 ? "item matches" : "items match"} "${q}".`;
}
