import { API_PATHS } from "#contract/api-paths";
import { ItemDetailSchema } from "#contract/public-api";
import type { SiteItem } from "../../lib/item-model";

/** Shown when an item cannot be loaded and no message says why. */
export const ITEM_NOT_FOUND_TEXT = "Could not find the requested item. It may have been removed or the ID is invalid.";

/** A failure that says why in its own message (an HTTP status, or a category mismatch). */
class ItemFetchError extends Error {
  override name = "ItemFetchError";
}

/** The message when the API returns an item of another category than the address names. */
export function categoryMismatch(expected: string, got: string): string {
  return `Category mismatch: expected '${expected}', got '${got}'`;
}

// HTTP/2 and HTTP/3 carry no reason phrase, so `statusText` is empty there: name the common statuses ourselves.
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** A response's status text, or the standard phrase for its status when the protocol sent none. */
export function statusText(res: Pick<Response, "status" | "statusText">): string {
  return res.statusText || REASONS[res.status] || `HTTP ${res.status}`;
}

/** GET /api/collection/{category}/{id} from `base`; throws 'Failed to fetch {category} item: {status text}' or the mismatch message. */
export async function fetchItem(base: string, category: string, id: string, init: RequestInit = {}): Promise<SiteItem> {
  const res = await fetch(`${base}${API_PATHS.collection}/${category}/${encodeURIComponent(id)}`, { credentials: "include", ...init });
  if (!res.ok) throw new ItemFetchError(`Failed to fetch ${category} item: ${statusText(res)}`);
  const item = ItemDetailSchema.parse(await res.json());
  if (item.category !== category) throw new ItemFetchError(categoryMismatch(category, item.category));
  return item;
}

/** What 'Item Not Found' says for a failure: its own message for HTTP and mismatch failures, else the default sentence. */
export function itemErrorMessage(error: unknown): string {
  return error instanceof ItemFetchError && error.message ? error.message : ITEM_NOT_FOUND_TEXT;
}
