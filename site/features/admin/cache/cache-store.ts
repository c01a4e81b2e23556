import { atom } from "nanostores";
import type { CacheStats } from "#contract/admin-api";
import { clearServerCache, readCacheStats, setCaching } from "../shared/admin-api";
import { errorText, failureToast } from "../shared/error-text";
import { clearBrowserStores, RELOAD_DELAY_MS, type BrowserStores } from "./clear-browser-cache";
import { handleUnauthorized } from "../shared/session-store";
import { toast } from "../../shell/toasts";

/** The stats are read again every 10 seconds while the tab is open. */
export const STATS_POLL_MS = 10_000;

/** Latest cache stats, whether a refresh runs, and the last load error. */
export const $cacheStats = atom<{ data: CacheStats | null; loading: boolean; error: string | null }>({
  data: null,
  loading: false,
  error: null,
});
/** True while the caching switch's request runs. */
export const $cachingPending = atom(false);
/** True while Clear All Caches runs. */
export const $clearingCache = atom(false);

/** Loads the cache stats (initially, on Refresh Stats, and every 10 s). */
export async function refreshStats(): Promise<void> {
  $cacheStats.set({ ...$cacheStats.get(), loading: true });
  try {
    $cacheStats.set({ data: await readCacheStats(), loading: false, error: null });
  } catch (error) {
    handleUnauthorized(error);
    $cacheStats.set({ ...$cacheStats.get(), loading: false, error: errorText(error) });
  }
}

/** Turns server caching on or off; the switch is disabled meanwhile. */
export async function toggleCaching(enabled: boolean): Promise<void> {
  if ($cachingPending.get()) return;
  $cachingPending.set(true);
  try {
    const result = await setCaching(enabled);
    toast({ title: enabled ? "Caching enabled" : "Caching disabled", description: result.message, variant: "default" });
    await refreshStats();
  } catch (error) {
    if (!handleUnauthorized(error)) toast(failureToast("Failed to toggle caching", error));
  } finally {
    $cachingPending.set(false);
  }
}

/** Empties the server cache and reloads the stats. */
export async function clearAllCaches(): Promise<void> {
  if ($clearingCache.get()) return;
  $clearingCache.set(true);
  try {
    const result = await clearServerCache();
    toast({ title: "Cache cleared successfully", description: result.message, variant: "default" });
    await refreshStats();
  } catch (error) {
    if (!handleUnauthorized(error)) toast(failureToast("Failed to clear cache", error));
  } finally {
    $clearingCache.set(false);
  }
}

/** Clears everything this browser keeps for the site, then reloads after 2 s. */
export async function clearBrowserCacheAndReload(
  stores?: BrowserStores,
  reload: () => void = () => globalThis.location.reload(),
): Promise<void> {
  try {
    await clearBrowserStores(stores);
    toast({ title: "Browser Cache Cleared", description: "Local data was cleared. The page reloads in 2 seconds.", variant: "default" });
    setTimeout(reload, RELOAD_DELAY_MS);
  } catch (error) {
    toast({
      title: "Cache Clear Error",
      // Browser messages end with a full stop of their own.
      description: `${errorText(error).replace(/\.$/, "")}. Please do a hard refresh instead (Ctrl+Shift+R, or Cmd+Shift+R on a Mac).`,
      variant: "destructive",
    });
  }
}

/** Hit rate as a percentage with one decimal, `0%` before any request. */
export function hitRate(stats: CacheStats["stats"] | undefined): string {
  const total = (stats?.hits ?? 0) + (stats?.misses ?? 0);
  return total === 0 ? "0%" : `${((stats!.hits / total) * 100).toFixed(1)}%`;
}
