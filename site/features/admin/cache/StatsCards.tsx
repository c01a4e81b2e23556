import { useStore } from "@nanostores/react";
import { $cacheStats, hitRate } from "./cache-store";

/** The four stats cards: Cached Items, Cache Hit Rate, Cache Hits, Cache Misses. */
export default function StatsCards() {
  const { data } = useStore($cacheStats);
  const cards: [string, string, string][] = [
    ["Cached Items", "cached-items", data ? String(data.keys) : "—"],
    ["Cache Hit Rate", "hit-rate", data ? hitRate(data.stats) : "—"],
    ["Cache Hits", "cache-hits", data ? String(data.stats.hits) : "—"],
    ["Cache Misses", "cache-misses", data ? String(data.stats.misses) : "—"],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-live="polite">
      {cards.map(([label, id, value]) => (
        <div key={id} className="rounded-md border border-cream-300 bg-white/70 p-3" data-testid={`stat-${id}`}>
          <dt className="text-xs font-semibold tracking-wide text-walnut uppercase">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-oxblood-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
