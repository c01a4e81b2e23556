import { ENQUIRY_PAGES } from "#contract/api-paths";
import { type CategoryId, isCategoryId } from "#contract/categories";

/** The enquiry page's address for an item (what the contact button links to). */
export function enquiryHref(category: string, itemId: string): string {
  return `${ENQUIRY_PAGES.form}?${new URLSearchParams({ category, id: itemId })}`;
}

/** The item named by the enquiry page's address, or null when it names none (a category we do not have, no id). */
export function enquiryTarget(search: string): { category: CategoryId; itemId: string } | null {
  const query = new URLSearchParams(search);
  const category = query.get("category") ?? "";
  const itemId = query.get("id") ?? "";
  return isCategoryId(category) && /^[0-9a-f-]{32,36}$/i.test(itemId) ? { category, itemId } : null;
}

/** From this width (px) the contact button opens the form in a dialog; narrower screens go to the enquiry page. */
export const DIALOG_MIN_WIDTH = 640;

/** The Turnstile site key the site was built with (`PUBLIC_TURNSTILE_SITE_KEY`), or empty: no widget. */
export const TURNSTILE_SITE_KEY: string = import.meta.env.PUBLIC_TURNSTILE_SITE_KEY ?? "";
