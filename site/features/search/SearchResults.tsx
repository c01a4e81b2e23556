import { useLayoutEffect } from "react";
import { useStore } from "@nanostores/react";
import type { PriceFormat } from "#contract/price-format";
import type { SearchResult } from "#contract/search";
import { type SearchState, searchApiPath, searchHref } from "#contract/search-address";
import { hitHref, resultCountText } from "./search";
import { useQuery } from "../../lib/use-query";
import { applySearch } from "./search-store";
import { fetchSearchResult } from "./search-api";
import ItemCardFrame from "../listing/ItemCardFrame";
import Pager from "../../lib/ui/Pager";
import SearchFrame, { SearchPlaceholders } from "./SearchFrame";
import IgnoredTerms from "./IgnoredTerms";
import Snippet from "./Snippet";
import { $standIn, handOver } from "./stand-in";

/** Props of SearchResults: the search to show, and how prices are written. */
type Props = { search: SearchState; format: PriceFormat };

function goToPage(page: number): void {
  applySearch({ page });
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
}

/**
 * One page of search results from the API: a live count, placeholders, error and empty texts, cards with highlights,
 * the pager below them (none above, so the first card sits where the prerendered stand-in's placeholders were).
 */
export default function SearchResults({ search, format }: Props) {
  const query = useQuery<SearchResult>(searchApiPath(search), { fetcher: fetchSearchResult });
  const loading = query.status === "pending" || (query.isFetching && !query.data);
  const data = query.status === "success" ? query.data : undefined;
  const hrefFor = (page: number) => searchHref({ ...search, page });
  const standIn = useStore($standIn);
  // The prerendered stand-in (the first result's picture already in it, see search-head.ts) stays until there is more to
  // show than placeholders; the island's results replace it in the same frame.
  const waiting = query.status !== "error" && (loading || !data);
  useLayoutEffect(() => {
    if (!waiting) handOver();
  }, [waiting]);
  if (standIn && waiting) return null;
  const status = query.status === "error" ? "" : loading || !data ? "Searching…" : resultCountText(data.total, search.q);
  return (
    <SearchFrame busy={loading} status={status}>
      {query.status === "error" ? (
        <p role="alert" className="card p-6 text-center font-medium text-oxblood-700" data-testid="search-error">
          Error loading items. Please try again later.
        </p>
      ) : loading || !data ? (
        <SearchPlaceholders />
      ) : data.items.length === 0 ? (
        <p className="card p-6 text-center text-walnut" data-testid="search-empty">
          {resultCountText(0, search.q)}
        </p>
      ) : (
        <>
          <IgnoredTerms terms={data.ignoredTerms} />
          <div className="grid gap-6 sm:grid-cols-2" data-testid="item-grid">
            {data.items.map((hit, i) => (
              <ItemCardFrame
                key={`${hit.category}/${hit.id}`}
                item={hit}
                href={hitHref(hit)}
                showPrice={hit.forSale}
                format={format}
                eager={i === 0}
              >
                <Snippet segments={hit.snippet} />
              </ItemCardFrame>
            ))}
          </div>
          <Pager page={search.page} totalPages={data.pagination.totalPages} position="bottom" onChange={goToPage} hrefFor={hrefFor} />
        </>
      )}
    </SearchFrame>
  );
}
