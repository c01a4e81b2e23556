import { HOLD_PROPERTY, PUBLISHED_PROPERTY, hasDrafts } from "#contract/notion-layout";
import type { PageLike } from "../../notion/types";
import { propKey } from "../../tables/naming";
import type { ColumnSpec } from "../../tables/schema";

/**
 * What the site does with a page: `published` shows it as read now; `draft` (Published unticked) shows nothing, and a
 * live row of it leaves the site; `held` (Hold Changes ticked) keeps its live row exactly as last synced.
 */
export type Publication = "published" | "draft" | "held";

/** The table a page belongs to, as far as its publication goes: its database and the columns it was synced with. */
export type DraftTable = { databaseTitle: string; columns: ColumnSpec[] };

/** The name of the table's checkbox property `name` (matched as property names are), when it has one of that type. */
function checkbox(table: DraftTable, name: string): string | undefined {
  return table.columns.find((c) => c.type === "checkbox" && propKey(c.property) === propKey(name))?.property;
}

/** The page's value of the checkbox `property` (its value matched by name as the columns are); false when absent. */
function ticked(page: PageLike, property: string): boolean {
  const props = page.properties ?? {};
  const value = props[property] ?? Object.entries(props).find(([name]) => propKey(name) === propKey(property))?.[1];
  return value?.type === "checkbox" && value.checkbox === true;
}

/**
 * The page's publication in its table: a database the layout gives no drafts, or one without a `Published` checkbox,
 * publishes every page (as before drafts existed); an unticked `Published` makes a draft, whatever `Hold Changes` says;
 * a ticked `Hold Changes` holds the page.
 */
export function publicationOf(page: PageLike, table: DraftTable): Publication {
  if (!hasDrafts(table.databaseTitle)) return "published";
  const published = checkbox(table, PUBLISHED_PROPERTY);
  if (published !== undefined && !ticked(page, published)) return "draft";
  const hold = checkbox(table, HOLD_PROPERTY);
  return hold !== undefined && ticked(page, hold) ? "held" : "published";
}
