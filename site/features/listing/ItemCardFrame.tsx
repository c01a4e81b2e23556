import type { ReactNode } from "react";
import type { SiteItem } from "../../lib/item-model";
import { GENERIC_IMAGE, defaultImageFor, itemImageUrl } from "../../lib/images";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { wholePriceText, type PriceFormat } from "#contract/price-format";

/** Props of ItemCardFrame: the item's card fields, where it links, whether to show the price (and how prices are written), image priority, and the text under the maker. */
type Props = {
  item: Pick<SiteItem, "category" | "title" | "year" | "manufacturer" | "price" | "mainImageUrl">;
  href: string;
  showPrice: boolean;
  format: PriceFormat;
  eager: boolean;
  children?: ReactNode;
};

/** A card: image, title with year, manufacturer, the given text (a listing's description, a search hit's snippet), price badge, View Details. */
export default function ItemCardFrame({ item, href, showPrice, format, eager, children }: Props) {
  const src = itemImageUrl(item);
  // From the address alone, so the build and the browser (pages 2+) give the same resized copies.
  const srcset = mediaSrcset(src);
  const title = item.title ?? "Untitled item";
  return (
    <article className="card flex flex-col overflow-hidden" data-testid="item-card">
      <div className="relative aspect-[4/3] bg-cream-200">
        <img
          src={src}
          srcSet={srcset ?? undefined}
          sizes={srcset ? CARD_IMAGE_SIZES : undefined}
          alt={title}
          width={800}
          height={600}
          className="size-full object-cover"
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          data-fallback={`${defaultImageFor(item.category)} ${GENERIC_IMAGE}`}
        />
        {showPrice && (
          <span
            className="absolute top-3 right-3 rounded-full bg-oxblood-700 px-3 py-1 text-sm font-bold text-cream-50 shadow"
            data-testid="price-badge"
          >
            {wholePriceText(item.price, format)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-display text-xl font-bold text-oxblood-800">
          <a href={href} className="hover:underline">
            {title}
          </a>
          {item.year !== null && <span className="font-sans text-base font-normal text-walnut">{` (${item.year})`}</span>}
        </h2>
        {item.manufacturer && <p className="text-sm font-medium text-brass-700">{item.manufacturer}</p>}
        {children}
        <a href={href} className="btn-primary mt-auto self-start" aria-label={`View Details: ${title}`} data-testid="view-details">
          View Details
        </a>
      </div>
    </article>
  );
}
