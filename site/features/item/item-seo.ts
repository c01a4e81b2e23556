import { findCategory } from "#contract/categories";
import { itemCrumbs, type SourcePage } from "./item-route";
import type { SiteItem } from "../../lib/item-model";
import { absoluteUrl, metaDescription } from "../../lib/seo";

/** An item page's title: the item's, with ' For Sale' under for-sale. */
export function itemPageTitle(item: SiteItem, sourcePage: SourcePage): string {
  return `${item.title ?? "Untitled item"}${sourcePage === "for-sale" ? " For Sale" : ""}`;
}

/** An item page's meta description: its description, else title, category and year. */
export function itemMetaDescription(item: SiteItem): string {
  const title = item.title ?? "Untitled item";
  return metaDescription(
    item.description,
    `${title} — ${findCategory(item.category)?.name ?? item.category}${item.year ? `, ${item.year}` : ""}.`,
  );
}

/** schema.org Product for an item at its canonical address `pageUrl`, with an Offer in `currency` (ISO 4217) when it is for sale at a price. */
export function productJsonLd(item: SiteItem, pageUrl: string, imageUrls: string[], currency: string): Record<string, unknown> {
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.title ?? "Untitled item",
    sku: item.id,
    url: pageUrl,
    image: imageUrls,
    category: findCategory(item.category)?.name ?? item.category,
  };
  if (item.description) product.description = item.description;
  if (item.manufacturer) product.brand = { "@type": "Brand", name: item.manufacturer };
  if (item.year !== null) product.productionDate = String(item.year);
  if (item.forSale && item.price !== null) {
    product.offers = {
      "@type": "Offer",
      price: item.price,
      priceCurrency: currency,
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/UsedCondition",
      url: pageUrl,
    };
  }
  return product;
}

/**
 * schema.org BreadcrumbList of an item page, the trail its breadcrumb shows (absolute addresses on `site`), ending
 * with the item's title (the page itself, so no address).
 */
export function breadcrumbJsonLd(item: SiteItem, sourcePage: SourcePage, site: URL | string): Record<string, unknown> {
  const trail = [
    ...itemCrumbs(sourcePage, item.category).map((crumb) => ({ name: crumb.label, item: absoluteUrl(crumb.href, site) })),
    { name: item.title ?? "Untitled item" },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, ...crumb })),
  };
}
