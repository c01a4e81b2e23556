import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useLayoutEffect, useState } from "react";
import { CATEGORIES, type CategoryId } from "#contract/categories";
import type { PriceFormat } from "#contract/price-format";
import { $search, applySearch, syncSearchFromAddress } from "./search-store";
import SearchPrompt from "./SearchPrompt";
import SearchResults from "./SearchResults";
import { handOver } from "./stand-in";

/** Typing waits this long before the search (and the address) follows. */
const DEBOUNCE_MS = 300;

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The /search page: field, category and for-sale filters, and the results of the address's `?q=` (kept in step as the
 * visitor types), prices written as `format` says.
 */
export default function SearchPage({ format }: { format: PriceFormat }) {
  const search = useStore($search);
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    const read = () => {
      syncSearchFromAddress();
      setText($search.get().q);
    };
    read();
    addEventListener("popstate", read);
    return () => removeEventListener("popstate", read);
  }, []);

  useEffect(() => {
    if (text === null || tidy(text) === $search.get().q) return;
    const timer = setTimeout(() => applySearch({ q: tidy(text), page: 1 }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text !== null) applySearch({ q: tidy(text), page: 1 });
  };
  const select = "rounded-md border border-brass-600 bg-cream-50 px-3 py-2 text-sm text-ink";
  return (
    <div data-testid="search-page">
      <form
        role="search"
        aria-label="Search page"
        action="/search"
        method="get"
        onSubmit={submit}
        className="card mb-6 flex flex-wrap items-end gap-3 p-4"
      >
        <label className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1 text-sm font-semibold text-walnut">
          Search the catalogue
          <input
            name="q"
            type="search"
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            value={text ?? ""}
            onChange={(e) => setText(e.target.value)}
            data-search-field
            data-search-primary
            data-testid="search-input"
            className="rounded-md border border-brass-600 bg-cream-50 px-3 py-2 text-base font-normal text-ink"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-walnut">
          Category
          <select
            name="category"
            value={search.category ?? ""}
            onChange={(e) => applySearch({ category: (e.target.value || null) as CategoryId | null, page: 1 })}
            className={select}
            data-testid="search-category"
          >
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-walnut">
          Availability
          <select
            name="forSale"
            value={search.forSale === null ? "" : String(search.forSale)}
            onChange={(e) => applySearch({ forSale: e.target.value === "" ? null : e.target.value === "true", page: 1 })}
            className={select}
            data-testid="search-for-sale"
          >
            <option value="">All items</option>
            <option value="true">For sale</option>
            <option value="false">Not for sale</option>
          </select>
        </label>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      {/* Until the address is read, the prerendered stand-in after this island (search.astro) holds the results' place. */}
      {text !== null && (search.q ? <SearchResults search={search} format={format} /> : <PromptInPlace />)}
    </div>
  );
}

/** The prompt, replacing the prerendered one in the same frame. */
function PromptInPlace() {
  useLayoutEffect(handOver, []);
  return <SearchPrompt />;
}
