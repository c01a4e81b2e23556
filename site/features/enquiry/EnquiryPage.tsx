import { useEffect, useState } from "react";
import { prefilledMessage } from "#contract/enquiries";
import { itemPagePath } from "#contract/item-address";
import type { SiteItem } from "../../lib/item-model";
import { itemPriceText, type PriceFormat } from "#contract/price-format";
import { fetchItem, itemErrorMessage } from "../item/item-fetch";
import { enquiryTarget } from "./enquiry-links";
import EnquiryForm from "./EnquiryForm";

type State =
  | { phase: "loading" }
  | { phase: "no-item" }
  | { phase: "failed"; message: string }
  | { phase: "ready"; item: SiteItem; category: string; itemId: string };

const CARD = "card grid gap-4 p-5";

/** The /enquiry page (narrow screens, or a link opened on its own): the item named by `?category=&id=` (its price written as `format` says), then the form. */
export default function EnquiryPage({ format }: { format: PriceFormat }) {
  const [state, setState] = useState<State>({ phase: "loading" });

  useEffect(() => {
    const target = enquiryTarget(location.search);
    if (!target) {
      setState({ phase: "no-item" });
      return;
    }
    const abort = new AbortController();
    fetchItem("", target.category, target.itemId, { signal: abort.signal }).then(
      (item) => setState({ phase: "ready", item, ...target }),
      (error: unknown) => abort.signal.aborted || setState({ phase: "failed", message: itemErrorMessage(error) }),
    );
    return () => abort.abort();
  }, []);

  if (state.phase === "loading")
    return (
      <div className={CARD} aria-busy="true" data-testid="enquiry-loading">
        <div className="skeleton h-6 w-2/3" />
        <div className="skeleton h-40 w-full" />
      </div>
    );
  if (state.phase !== "ready")
    return (
      <div className={CARD} role="alert" data-testid="enquiry-no-item">
        <p>{state.phase === "failed" ? state.message : "This form asks about one item: open it from the item's page."}</p>
        <a href="/for-sale" className="btn-outline justify-self-start">
          Browse items for sale
        </a>
      </div>
    );
  const { item, category, itemId } = state;
  const title = item.title ?? "Untitled item";
  const price = itemPriceText(item.price, format);
  const itemHref = itemPagePath("for-sale", item);
  return (
    <section className={CARD} aria-labelledby="enquiry-item" data-testid="enquiry-page">
      <p id="enquiry-item" className="text-lg">
        About{" "}
        <a href={itemHref} className="font-semibold text-oxblood-700 underline" data-testid="enquiry-item-link">
          {title}
        </a>{" "}
        <span className="font-bold text-oxblood-700">{price}</span>
      </p>
      <EnquiryForm
        category={category}
        itemId={itemId}
        initialMessage={prefilledMessage(title, price)}
        afterSent={
          <a href={itemHref} className="btn-outline justify-self-start">
            Back to the item
          </a>
        }
      />
    </section>
  );
}
