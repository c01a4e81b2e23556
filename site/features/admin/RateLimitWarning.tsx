/** Warns what clearing caches and syncing cost in requests. */
export default function RateLimitWarning() {
  return (
    <div role="note" className="rounded-md border border-brass-500 bg-brass-300/40 p-3 text-sm" data-testid="rate-limit-warning">
      <p className="font-semibold">Rate limits</p>
      <p>
        The Notion API allows about three requests per second, so syncs of large databases take a while and may be slowed down when Notion
        answers “429 Too Many Requests”. Clearing the caches or turning caching off sends every visitor request to the database until the
        cache fills again, so avoid doing it repeatedly.
      </p>
    </div>
  );
}
