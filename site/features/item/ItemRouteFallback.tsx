import { useEffect, useState } from "react";
import { prefilledMessage } from "#contract/enquiries";
import { itemPagePath } from "#contract/item-address";
import { itemPriceText, type PriceFormat } from "#contract/price-format";
import { itemImages } from "../../lib/images";
import { ITEM_NOT_FOUND_TEXT, fetchItem, itemErrorMessage } from "./item-fetch";
import { backHref, parseItemRoute, type ItemRoute } from "./item-route";
import { itemMetaDescription, itemPageTitle } from "./item-seo";
import type { SiteItem } from "../../lib/item-model";
import EnquiryButton from "../enquiry/EnquiryButton";
import ImageGallery from "./ImageGallery";
import ItemDetailSkeleton from "./ItemDetailSkeleton";
import ItemDetailView from "./ItemDetailView";
import ItemNotFound from "./ItemNotFound";

/** Props of ItemRouteFallback: the 404 page's own title, replaced in the tab title by the item's, and how prices are written. */
type Props = { pageTitle: string; format: PriceFormat };

type State =
  | { phase: "start" }
  | { phase: "other" }
  | { phase: "loading"; route: ItemRoute }
  | { phase: "loaded"; route: ItemRoute; item: SiteItem }
  | { phase: "failed"; route: ItemRoute; message: string };

/** Gives the page the title and description the prerendered page would have had (tab, link previews, crawlers). */
function describePage(from: string, title: string, description: string): void {
  document.title = document.title.includes(from) ? document.title.replace(from, title) : title;
  document.querySelector('meta[property="og:title"]')?.setAttribute("content", title);
  for (const meta of document.querySelectorAll('meta[name="description"], meta[property="og:description"]'))
    meta.setAttribute("content", description);
}

/** On the 404 page: an item address the build did not prerender is loaded here (placeholders, then the item or 'Item Not Found'); any other path renders nothing. */
export default function ItemRouteFallback({ pageTitle, format }: Props) {
  const [state, setState] = useState<State>({ phase: "start" });

  useEffect(() => {
    const route = parseItemRoute(location.pathname);
    if (!route) {
      // The 404 page's head script matched the path loosely (e.g. an undecodable id): show the plain card after all.
      document.documentElement.removeAttribute("data-item-route");
      setState({ phase: "other" });
      return;
    }
    setState({ phase: "loading", route });
    const abort = new AbortController();
    fetchItem("", route.category, route.id, { signal: abort.signal }).then(
      (item) => {
        setState({ phase: "loaded", route, item });
        // An outdated slug (the worker redirects those, but not when it could not look the item up): the item's own address.
        const path = itemPagePath(route.sourcePage, item);
        if (path !== location.pathname) history.replaceState(history.state, "", `${path}${location.search}${location.hash}`);
        describePage(pageTitle, itemPageTitle(item, route.sourcePage), itemMetaDescription(item));
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState({ phase: "failed", route, message: itemErrorMessage(error) });
        describePage(pageTitle, "Item Not Found", ITEM_NOT_FOUND_TEXT);
      },
    );
    return () => abort.abort();
  }, [pageTitle]);

  if (state.phase === "other") return null;
  if (state.phase === "start" || state.phase === "loading") return <ItemDetailSkeleton />;
  const { route } = state;
  if (state.phase === "failed") return <ItemNotFound message={state.message} sourcePage={route.sourcePage} category={route.category} />;
  const { item } = state;
  const title = item.title ?? "Untitled item";
  return (
    <ItemDetailView
      item={item}
      sourcePage={route.sourcePage}
      format={format}
      backHref={backHref(location.search, route.sourcePage, route.category)}
      gallery={<ImageGallery images={itemImages(item)} title={title} category={item.category} />}
      contact={
        <EnquiryButton
          category={item.category}
          itemId={item.id}
          title={title}
          message={prefilledMessage(title, itemPriceText(item.price, format))}
        />
      }
    />
  );
}
