import { SEARCH_MAX_TERMS } from "#contract/search";

/** Props of IgnoredTerms: the words the search left out (the answer's `ignoredTerms`). */
type Props = { terms: string[] };

/** Tells the visitor which words were past the search's term limit, so a long text's missing narrowing is no surprise. */
export default function IgnoredTerms({ terms }: Props) {
  if (terms.length === 0) return null;
  return (
    <p className="mb-3 text-sm text-walnut" data-testid="search-ignored">
      {`Searched for the first ${SEARCH_MAX_TERMS} terms only; left out: ${terms.join(" ")}`}
    </p>
  );
}
