/** What the search page shows before anything is typed. */
export default function SearchPrompt() {
  return (
    <p className="card p-6 text-center text-walnut" data-testid="search-prompt">
      Type what you are looking for: a maker, a model, a part number.
    </p>
  );
}
