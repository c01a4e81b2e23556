import { ItemSchema } from "./schemas";
import { normalizeItem, type SiteItem } from "./normalize";

/** Shown when an item cannot be loaded and no message says why. */
export const ITEM_NOT_FOUND_TEXT = "Could not find the requested item. It may have been removed or the ID is invalid.";

/** The spec's message when the API returns an item of another category. */
export function categoryMismatch(expected: string, got: string): string {
  return `Category mismatch: expected '${expected}', got '${got}'`;
}

/** GET /api/collection/{category}/{id} from `base`; throws 'Failed to fetch {category} item: {status text}' or the mismatch message. */
export async function fetchItem(base: string, category: string, id: string, init: RequestInit = {}): Promise<SiteItem> {
  const res = await fetch(`${base}/api/collection/${category}/${encodeURIComponent(id)}`, { credentials: "include", ...init });
  if (!res.ok) throw new Error(`Failed to fetch ${category} item: ${res.statusText}`);
  const item = normalizeItem(ItemSchema.parse(await res.json()));
  if (item.category !== category) throw new Error(categoryMismatch(category, item.category));
  return item;
}
