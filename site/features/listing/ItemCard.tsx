import type { ReactNode } from "react";
import type { SiteItem } from "../../lib/normalize";
import { GENERIC_IMAGE, defaultImageFor, itemImageUrl } from "../../lib/images";
import { itemHref } from "./listing-url";
import { CARD_IMAGE_SIZES, mediaSrcset } from "../../lib/media-srcset";
import { formatPrice } from "../../lib/price";
import RichTextPieces from "../../lib/ui/RichTextPieces";

/** Props of ItemCard: the item, where it links, the listing page, whether to show the price, and image priority; `href` replaces the listing link and `excerpt` the description (search results). */
type Props = {
  item: SiteItem;
  sourcePage: "gallery" | "for-sale";
  page: number;
  showPrice: boolean;
  eager: boolean;
  href?: string;
  excerpt?: ReactNode;
};

/** A listing card: image, title with year, manufacturer, 4-line description, price badge (for sale), View Details. */
export default function ItemCard({ item, sourcePage, page, showPrice, eager, href: link, excerpt }: Props) {
  const href = link ?? itemHref(sourcePage, item.category, item.id, page);
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
            {formatPrice(item.price)}
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
        {excerpt ??
          (item.description && (
            <p
              className="line-clamp-4 text-sm text-ink [&_a]:font-medium [&_a]:text-oxblood-700 [&_a]:underline"
              data-testid="card-description"
            >
              <RichTextPieces pieces={item.descriptionRichText} />
            </p>
          ))}
        <a href={href} className="btn-primary mt-auto self-start" aria-label={`View Details: ${title}`} data-testid="view-details">
          View Details
        </a>
      </div>
    </article>
  );
}
