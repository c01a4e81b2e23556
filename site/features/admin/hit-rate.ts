import type { CacheStats } from "#contract/admin-api";

/** Hit rate as a percentage with one decimal, `0%` before any request. */
export function hitRate(stats: CacheStats["stats"] | undefined): string {
  const total = (stats?.hits ?? 0) + (stats?.misses ?? 0);
  return total === 0 ? "0%" : `${((stats!.hits / total) * 100).toFixed(1)}%`;
}
