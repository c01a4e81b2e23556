import { findCategory, type CategoryId } from "#contract/categories";

/** Where a category switcher sits: gallery, for-sale, or the bare category pages. */
export type SwitcherContext = "gallery" | "for-sale" | "default";

/** One switcher entry: category id, display name, link target and whether it is featured. */
export type SwitcherEntry = { id: CategoryId; name: string; href: string; featured: boolean };

const ORDERS: Record<SwitcherContext, { order: CategoryId[]; featured: CategoryId[] }> = {
  gallery: { order: ["slots", "arcades", "trade-stimulators", "vending", "advertising", "toys"], featured: ["slots", "arcades"] },
  "for-sale": { order: ["slots", "parts", "arcades", "trade-stimulators", "vending", "advertising", "toys"], featured: ["slots", "parts"] },
  default: { order: ["slots", "arcades", "parts", "trade-stimulators", "vending", "advertising", "toys"], featured: [] },
};

/** The address a category choice leads to in a context. */
export function categoryHref(context: SwitcherContext, id: CategoryId): string {
  return context === "default" ? `/${id}` : `/${context}/${id}`;
}

/** The switcher's entries in the context's exact order (hidden categories left out). */
export function switcherEntries(context: SwitcherContext): SwitcherEntry[] {
  const { order, featured } = ORDERS[context];
  return order.map((id) => ({ id, name: findCategory(id)?.name ?? id, href: categoryHref(context, id), featured: featured.includes(id) }));
}

/** Entries split into the 'Featured Categories' and 'All Categories' groups, order kept. */
export function switcherGroups(context: SwitcherContext): { featured: SwitcherEntry[]; rest: SwitcherEntry[] } {
  const entries = switcherEntries(context);
  return { featured: entries.filter((e) => e.featured), rest: entries.filter((e) => !e.featured) };
}
