import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $cacheStats, $clearingCache, clearAllCaches, clearBrowserCacheAndReload, refreshStats, STATS_POLL_MS } from "./cache-store";
import Icon from "../../../lib/ui/Icon";
import CacheTypesDoc from "./CacheTypesDoc";
import CachingSwitch from "./CachingSwitch";
import StatsCards from "./StatsCards";

/** Cache Management: caching switch, stats polled every 10 s, clear buttons, warning and cache-type docs. */
export default function CacheTab() {
  const stats = useStore($cacheStats);
  const clearing = useStore($clearingCache);

  useEffect(() => {
    void refreshStats();
    const timer = setInterval(() => void refreshStats(), STATS_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="grid grid-cols-1 gap-4">
      <section className="card grid grid-cols-1 gap-4 p-5" aria-labelledby="cache-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="cache-heading" className="text-xl font-bold text-oxblood-800">
            Server cache
          </h2>
          <CachingSwitch />
        </div>
        <StatsCards />
        {stats.error && (
          <p role="alert" className="text-sm text-oxblood-700" data-testid="cache-stats-error">
            Could not load cache stats: {stats.error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline" onClick={() => void refreshStats()} disabled={stats.loading}>
            <Icon type="refresh" className="size-4" /> Refresh Stats
          </button>
          <button type="button" className="btn-brass" onClick={() => void clearBrowserCacheAndReload()}>
            <Icon type="refresh" className="size-4" /> Clear Browser Cache &amp; Reload
          </button>
          <button type="button" className="btn-primary" onClick={() => void clearAllCaches()} disabled={clearing}>
            <Icon type="trash" className="size-4" /> {clearing ? "Clearing…" : "Clear All Caches"}
          </button>
        </div>
        <RateLimitWarning />
      </section>
      <CacheTypesDoc />
    </div>
  );
}

/** Warns what clearing caches and syncing cost in requests. */
function RateLimitWarning() {
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
