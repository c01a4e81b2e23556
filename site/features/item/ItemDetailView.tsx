import type { ReactNode } from "react";
import { itemPriceText, type PriceFormat } from "#contract/price-format";
import { detailSections } from "./item-fields";
import { BACK_LINK_SCRIPT, type SourcePage } from "./item-route";
import type { SiteItem } from "../../lib/item-model";
import Icon from "../../lib/ui/Icon";
import RichTextPieces from "../../lib/ui/RichTextPieces";
import Breadcrumb from "./Breadcrumb";
import DetailsPanel from "./DetailsPanel";

/** Props of ItemDetailView: the item, its section, how prices are written, the Back target, the image gallery and the contact button (for sale) to place, whether it is prerendered (Back then corrected from the address by an inline script), and the long description rendered to sanitised HTML at build time. */
type Props = {
  item: SiteItem;
  sourcePage: SourcePage;
  format: PriceFormat;
  backHref: string;
  gallery: ReactNode;
  contact?: ReactNode;
  prerendered?: boolean;
  longDescriptionHtml?: string;
};

const UNTITLED = "Untitled item";

/** An item detail page's content: breadcrumb, Back, header, gallery, description, details panel, and the contact card for sale. */
export default function ItemDetailView({
  item,
  sourcePage,
  format,
  backHref,
  gallery,
  contact,
  prerendered = false,
  longDescriptionHtml,
}: Props) {
  const forSale = sourcePage === "for-sale";
  const title = item.title ?? UNTITLED;
  return (
    <div data-testid="item-detail">
      <Breadcrumb sourcePage={sourcePage} category={item.category} title={title} />
      <a
        href={backHref}
        className="btn-outline mb-4"
        data-back-link
        data-source={sourcePage}
        data-category={item.category}
        data-testid="back-button"
      >
        <Icon type="arrow-left" className="size-4" />
        Back
      </a>
      {/* The build cannot know the address's `from` and `page`: fixed here, before first paint (rendered in the browser, backHref is right already). */}
      {prerendered && <script dangerouslySetInnerHTML={{ __html: BACK_LINK_SCRIPT }} />}
      <header className="mb-6" data-testid="item-header">
        <h1 className="text-3xl font-bold text-oxblood-800 sm:text-4xl" data-testid="page-title">
          {title}
        </h1>
        <p className="mt-1 flex flex-wrap gap-x-4 text-walnut">
          {item.manufacturer && <span data-testid="item-manufacturer">{item.manufacturer}</span>}
          {item.year !== null && <span data-testid="item-year">{item.year}</span>}
        </p>
        {forSale && (
          <p className="mt-2 text-2xl font-bold text-oxblood-700" data-testid="item-price">
            {itemPriceText(item.price, format)}
          </p>
        )}
      </header>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {gallery}
          {(item.description || longDescriptionHtml) && (
            <section className="card p-5" aria-labelledby="description-heading">
              <h2 id="description-heading" className="mb-2 text-xl font-bold text-oxblood-800">
                Description
              </h2>
              {item.description && (
                <p
                  className="leading-relaxed whitespace-pre-line [&_a]:font-medium [&_a]:text-oxblood-700 [&_a]:underline"
                  data-testid="item-description"
                >
                  <RichTextPieces pieces={item.descriptionRichText} />
                </p>
              )}
              {longDescriptionHtml && (
                <div
                  className="prose-antique mt-4"
                  data-testid="item-long-description"
                  dangerouslySetInnerHTML={{ __html: longDescriptionHtml }}
                />
              )}
            </section>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <DetailsPanel sections={detailSections(item, forSale, format)} />
          {forSale && (
            <section className="card border-l-4 border-l-brass-500 p-5" data-testid="contact-card">
              <h2 className="text-lg font-bold text-oxblood-800">Interested in this item?</h2>
              {contact}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
