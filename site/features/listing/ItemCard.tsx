import type { ReactNode } from "react";
import type { PriceFormat } from "#contract/price-format";
import type { SiteItem } from "../../lib/item-model";
import { itemHref } from "./listing-url";
import ItemCardFrame from "./ItemCardFrame";
import RichTextPieces from "../../lib/ui/RichTextPieces";

/** Props of ItemCard: the item, where it links, the listing page, whether to show the price and how prices are written, and image priority; `href` replaces the listing link and `excerpt` the description. */
type Props = {
  item: SiteItem;
  sourcePage: "gallery" | "for-sale";
  page: number;
  showPrice: boolean;
  format: PriceFormat;
  eager: boolean;
  href?: string;
  excerpt?: ReactNode;
};

/** A listing card: image, title with year, manufacturer, 4-line description, price badge (for sale), View Details. */
export default function ItemCard({ item, sourcePage, page, showPrice, format, eager, href, excerpt }: Props) {
  return (
    <ItemCardFrame item={item} href={href ?? itemHref(sourcePage, item, page)} showPrice={showPrice} format={format} eager={eager}>
      {excerpt ??
        (item.description && (
          <p
            className="line-clamp-4 text-sm text-ink [&_a]:font-medium [&_a]:text-oxblood-700 [&_a]:underline"
            data-testid="card-description"
          >
            <RichTextPieces pieces={item.descriptionRichText} />
          </p>
        ))}
    </ItemCardFrame>
  );
}
