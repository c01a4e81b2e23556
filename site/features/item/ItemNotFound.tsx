import { findCategory } from "#contract/categories";
import { ITEM_NOT_FOUND_TEXT } from "./item-fetch";
import { listingHref, type SourcePage } from "./item-route";
import Icon from "../../lib/ui/Icon";

/** Props of ItemNotFound: why the item failed (the default sentence when empty), and the listing to return to. */
type Props = { message?: string | null; sourcePage: SourcePage; category: string };

/** The 'Item Not Found' card with the error message and a Return button to the listing. */
export default function ItemNotFound({ message, sourcePage, category }: Props) {
  return (
    <div className="card mx-auto max-w-xl p-8 text-center" role="alert" data-testid="item-not-found">
      <span className="mx-auto mb-3 inline-flex rounded-full bg-oxblood-700 p-3 text-cream-50">
        <Icon type="info" className="size-6" />
      </span>
      <h1 className="text-2xl font-bold text-oxblood-800">Item Not Found</h1>
      <p className="mt-2 text-walnut" data-testid="item-error">
        {message || ITEM_NOT_FOUND_TEXT}
      </p>
      <a href={listingHref(sourcePage, category)} className="btn-primary mt-5" data-testid="return-button">
        Return to {findCategory(category)?.name ?? category}
      </a>
    </div>
  );
}
