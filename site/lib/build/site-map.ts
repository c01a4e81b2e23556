import { CATEGORY_IDS } from "#contract/categories";
import type { SiteItem } from "../item-model";
import { CONTENT_SECTIONS, ROUTED_CATEGORIES } from "../routes";
import { canonicalItemPath } from "../seo";
import { allItems, categoryItems } from "./catalogue";

/** One page of the sitemap: its path and, when known, when its content last changed (an item's last edit in Notion). */
export type SitemapEntry = { path: string; lastmod?: string };

/** An ISO 8601 time as the sitemap writes it (UTC), or undefined when it is missing or no time. */
function w3cTime(time: string | null | undefined): string | undefined {
  const ms = time ? Date.parse(time) : NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Each item once, at its one canonical address (for sale while it is, else its gallery page), with its last edit time. */
export function itemEntries(items: readonly SiteItem[]): SitemapEntry[] {
  return items.map((item) => {
    const lastmod = w3cTime(item.lastEditedTime);
    return lastmod ? { path: canonicalItemPath(item), lastmod } : { path: canonicalItemPath(item) };
  });
}

/**
 * Every public page search engines should index (no admin, no search, no 404): content and listing pages (no
 * `lastmod`: nothing records when they last changed), then every item once with its own last edit time.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const paths = ["/", ...CONTENT_SECTIONS.map((s) => `/${s}`), "/gallery", "/for-sale", ...ROUTED_CATEGORIES.map((c) => `/${c}`)];
  const entries: SitemapEntry[] = paths.map((path) => ({ path }));
  for (const category of CATEGORY_IDS) {
    entries.push({ path: `/gallery/${category}` }, { path: `/for-sale/${category}` });
    entries.push(...itemEntries(await categoryItems(category)));
  }
  return entries;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** `entries` as a sitemaps.org urlset on `site`, every address escaped. */
export function sitemapXml(entries: readonly SitemapEntry[], site: URL | string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const urls = entries.map(
    ({ path, lastmod }) =>
      `  <url><loc>${escape(new URL(path, site).toString())}</loc>${lastmod ? `<lastmod>${escape(lastmod)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** How many distinct catalogue items the build rendered, per category. */
export async function itemCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const category of CATEGORY_IDS) {
    const ids = new Set<string>();
    for (const view of ["all", "gallery", "for-sale"] as const) for (const item of await allItems(category, view)) ids.add(item.id);
    counts[category] = ids.size;
  }
  return counts;
}
