import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import type { CategoryId } from "#contract/categories";
import { LISTING_PAGE_SIZE, type ListingView } from "#contract/listing";
import type { PriceFormat } from "#contract/price-format";
import { getJson } from "../../lib/http";
import { lazyModule } from "../../lib/lazy-module";
import { listingPath, pageHref } from "./listing-url";
import type { SiteListing } from "../../lib/item-model";
import { $queryCache, ensureQuery, retainQuery, setQueryData, type QueryState } from "../../lib/query";
import { $appliedFilters, $listingPage, $writePageToAddress, goToPage, syncPageFromAddress } from "./listing-store";
import CardSkeleton from "../../lib/ui/CardSkeleton";
import ItemCard from "./ItemCard";
import Pager from "../../lib/ui/Pager";

/** Options: data the build already rendered for this key, and how to fetch/parse it. */
type UseQueryOptions<T> = { initialData?: T; fetcher?: (key: string) => Promise<T> };

/** Subscribes an island to one query-cache key (the request URL), fetching it unless fresh. */
function useQuery<T>(key: string, { initialData, fetcher }: UseQueryOptions<T> = {}): QueryState<T> {
  const entry = useStore($queryCache, { keys: [key] })[key] as QueryState<T> | undefined;
  useEffect(() => {
    if (initialData !== undefined && !$queryCache.get()[key]) setQueryData(key, initialData);
    const release = retainQuery(key);
    ensureQuery(key, { fetcher });
    return release;
    // The key identifies the query; initialData and fetcher only matter on its first use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!entry && initialData !== undefined) return { status: "success", data: initialData, isFetching: false, updatedAt: 0 };
  return entry ?? { status: "pending", isFetching: true, updatedAt: 0 };
}

/** The listing parser (and zod with it), fetched with the first page change: page 1 comes with the page. */
const loadParser = lazyModule(() => import("../../lib/item-model"));

/**
 * The parser for a page changed to from this document, or, when its code cannot be fetched (a deploy since this page
 * loaded removed it), that page loaded as its link would load it (`href`, whose document has current code), the query
 * pending meanwhile. The page the document was opened at fails as any failed request does (no reload loop).
 */
function parserOrNavigate(href: string, changed: boolean): Promise<typeof import("../../lib/item-model")> {
  return loadParser().catch((error: unknown) => {
    if (!changed) throw error;
    window.location.assign(href);
    return new Promise<never>(() => {});
  });
}

/** Props of ListingGrid: what to list, where cards lead, how prices are written, and page 1 as the build rendered it. */
type Props = {
  category: CategoryId;
  view: ListingView;
  sourcePage: "gallery" | "for-sale";
  writePageToAddress: boolean;
  emptyText: string;
  format: PriceFormat;
  initial: SiteListing | null;
};

/** The paged item grid: page in `?page`, pager above and below, placeholders, error and empty states. */
export default function ListingGrid({ category, view, sourcePage, writePageToAddress, emptyText, format, initial }: Props) {
  const page = useStore($listingPage);
  const filters = useStore($appliedFilters);
  const key = listingPath(category, view, page, LISTING_PAGE_SIZE, filters);
  const initialKey = listingPath(category, view, 1, LISTING_PAGE_SIZE);
  // The page the address named when the island read it: other pages are page changes made here.
  const opened = useRef<number | null>(null);
  const fetcher = async (url: string) => {
    const changed = opened.current !== null && opened.current !== page;
    const [{ parseListing }, body] = await Promise.all([parserOrNavigate(hrefFor(page), changed), getJson(url)]);
    return parseListing(body, category);
  };
  const query = useQuery<SiteListing>(key, { initialData: key === initialKey && initial ? initial : undefined, fetcher });
  const lastTotal = useRef(initial?.totalPages ?? 0);
  if (query.data) lastTotal.current = query.data.totalPages;
  // The address's query, once read: null while the page still shows what the build rendered (pager links then carry `page` alone).
  const [search, setSearch] = useState<string | null>(null);
  const hrefFor = (n: number) => pageHref(search ?? "", n);

  useEffect(() => {
    $writePageToAddress.set(writePageToAddress);
    syncPageFromAddress();
    opened.current ??= $listingPage.get();
    setSearch(location.search);
    addEventListener("popstate", syncPageFromAddress);
    return () => removeEventListener("popstate", syncPageFromAddress);
  }, [writePageToAddress]);

  const totalPages = query.data?.totalPages ?? lastTotal.current;
  const loading = query.status === "pending" || (query.isFetching && !query.data);
  const placeholders = Array.from({ length: LISTING_PAGE_SIZE }, (_, i) => <CardSkeleton key={i} />);
  return (
    <div data-testid="listing" aria-busy={loading} data-listing-prerendered={search === null ? "" : undefined}>
      <Pager page={page} totalPages={totalPages} position="top" onChange={goToPage} hrefFor={hrefFor} />
      {/* Page 1 as prerendered shows until the address is read; when it asks for another page, ListingPage's head script has these shown instead. */}
      {search === null && (
        <div className="hidden gap-6 sm:grid-cols-2" data-listing-pending data-testid="listing-pending">
          {placeholders}
        </div>
      )}
      {query.status === "error" ? (
        <p role="alert" className="card p-6 text-center font-medium text-oxblood-700" data-testid="listing-error">
          Error loading items. Please try again later.
        </p>
      ) : loading ? (
        <div className="grid gap-6 sm:grid-cols-2" data-testid="listing-loading">
          {placeholders}
        </div>
      ) : query.data && query.data.items.length === 0 ? (
        <p className="card p-6 text-center text-walnut" data-testid="listing-empty">
          {emptyText}
        </p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2" data-testid="item-grid">
          {query.data?.items.map((item, i) => (
            <ItemCard
              key={item.id}
              item={item}
              sourcePage={sourcePage}
              page={page}
              showPrice={view === "for-sale"}
              format={format}
              eager={i === 0}
            />
          ))}
        </div>
      )}
      <Pager page={page} totalPages={totalPages} position="bottom" onChange={goToPage} hrefFor={hrefFor} />
    </div>
  );
}
