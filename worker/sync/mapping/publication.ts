import { HOLD_PROPERTY, PUBLISHED_PROPERTY, hasDrafts } from "#contract/notion-layout";
import type { PageLike } from "../../notion/types";
import { propKey } from "../../tables/naming";

/**
 * What the site does with a page: `published` shows it as read now; `draft` (Published unticked) shows nothing, and a
 * live row of it leaves the site; `held` (Hold Changes ticked) keeps its live row exactly as last synced.
 */
export type Publication = "published" | "draft" | "held";

/** The page's checkbox named `name` (matched as property names are): its value, or undefined when it has none. */
function checkbox(page: PageLike, name: string): boolean | undefined {
  const value = Object.entries(page.properties ?? {}).find(([key, v]) => v.type === "checkbox" && propKey(key) === propKey(name))?.[1];
  return value === undefined ? undefined : value.checkbox === true;
}

/**
 * The page's publication, read from the page itself (a page read in full carries every property of its database, so a
 * box the dealer just added counts even before the sync has learnt the new schema): in a database the layout gives no
 * drafts, or one without a `Published` checkbox, every page is published; an unticked `Published` makes a draft,
 * whatever `Hold Changes` says; a ticked `Hold Changes` holds the page.
 */
export function publicationOf(page: PageLike, table: { databaseTitle: string }): Publication {
  if (!hasDrafts(table.databaseTitle)) return "published";
  if (checkbox(page, PUBLISHED_PROPERTY) === false) return "draft";
  return checkbox(page, HOLD_PROPERTY) === true ? "held" : "published";
}
