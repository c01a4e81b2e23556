import { findCategory, isCategoryId, type CategoryId } from "#contract/categories";
import { parseItemAddress, type ItemSection } from "#contract/item-address";
import { parsePage } from "../../lib/pagination";

/** Which section an item page belongs to. */
export type SourcePage = ItemSection;

/** An item detail address taken apart: its section, category and the Notion id (dashed) its last segment ends in. */
export type ItemRoute = { sourcePage: SourcePage; category: CategoryId; id: string };

const ITEM_PATH = /^\/(gallery|for-sale)\/([^/]+)\/([^/]+)\/?$/;

/** `/{gallery|for-sale}/{known category}/{slug}-{id}` (or a bare id) taken apart; null for any other path. */
export function parseItemRoute(pathname: string): ItemRoute | null {
  const match = ITEM_PATH.exec(pathname);
  if (!match) return null;
  const [, sourcePage, category, segment] = match;
  if (category === undefined || segment === undefined || !isCategoryId(category)) return null;
  const address = parseItemAddress(segment);
  return address ? { sourcePage: sourcePage as SourcePage, category, id: address.id } : null;
}

/** The Back target: the listing named by `from` (for-sale, otherwise gallery; this page's own when absent) at the `page` query value. */
export function backHref(search: string, sourcePage: SourcePage, category: string): string {
  const query = new URLSearchParams(search);
  const from = query.get("from");
  const section = from === null ? sourcePage : from === "for-sale" ? "for-sale" : "gallery";
  return `/${section}/${category}?page=${parsePage(query.get("page"))}`;
}

/**
 * `backHref`'s rules as a classic inline script, placed right after the prerendered Back link: it runs while the page is
 * parsed, before first paint and before any module or island loads, so Back is right however early it is clicked.
 * Static (the link carries its section and category), so one CSP hash covers every item page.
 */
export const BACK_LINK_SCRIPT =
  '(function(){var a=document.querySelector("[data-back-link]");if(!a)return;var q=new URLSearchParams(location.search),f=q.get("from"),p=parseInt(q.get("page")||"",10);' +
  'a.setAttribute("href","/"+(f===null?a.dataset.source:f==="for-sale"?"for-sale":"gallery")+"/"+a.dataset.category+"?page="+(p>=1?p:1))})()';

/** The listing an item belongs to, for the 'Item Not Found' Return button. */
export function listingHref(sourcePage: SourcePage, category: string): string {
  return `/${sourcePage}/${category}`;
}

/** One link of an item page's breadcrumb. */
export type Crumb = { href: string; label: string };

/** The links above an item's title (Home, Gallery or For Sale, the category), as shown and as its BreadcrumbList says. */
export function itemCrumbs(sourcePage: SourcePage, category: string): Crumb[] {
  return [
    { href: "/", label: "Home" },
    { href: `/${sourcePage}`, label: sourcePage === "for-sale" ? "For Sale" : "Gallery" },
    { href: `/${sourcePage}/${category}`, label: findCategory(category)?.name ?? category },
  ];
}
