import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $adminSession } from "../shared/session-store";
import {
  $cacheStats,
  $cachingPending,
  clearAllCaches,
  clearBrowserCacheAndReload,
  hitRate,
  refreshStats,
  toggleCaching,
} from "./cache-store";
import { fakeAdminApi } from "../shared/test/fake-api";
import { $toasts, dismiss } from "../../shell/toasts";

const stats = { isCachingEnabled: true, keys: 4, stats: { hits: 3, misses: 1 } };
const lastToast = () => $toasts.get()[0]!;

beforeEach(() => {
  dismiss();
  $cacheStats.set({ data: null, loading: false, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("cache management store", () => {
  it("loads stats", async () => {
    fakeAdminApi({ "GET /api/admin/cache/stats": () => Response.json(stats) });
    await refreshStats();
    expect($cacheStats.get()).toEqual({ data: stats, loading: false, error: null });
  });

  it("toggles caching with the switch disabled meanwhile and toasts the new state", async () => {
    let pendingDuringRequest = false;
    fakeAdminApi({
      "POST /api/admin/cache/disable": () => {
        pendingDuringRequest = $cachingPending.get();
        return Response.json({ message: "Caching disabled" });
      },
      "GET /api/admin/cache/stats": () => Response.json({ ...stats, isCachingEnabled: false }),
    });
    await toggleCaching(false);
    expect(pendingDuringRequest).toBe(true);
    expect($cachingPending.get()).toBe(false);
    expect(lastToast()).toMatchObject({ title: "Caching disabled", variant: "default" });
    expect($cacheStats.get().data?.isCachingEnabled).toBe(false);
  });

  it("reports a failed toggle as a destructive 'Failed to toggle caching' with the error text", async () => {
    fakeAdminApi({ "POST /api/admin/cache/enable": () => new Response("boom", { status: 500, statusText: "Internal Server Error" }) });
    await toggleCaching(true);
    expect(lastToast()).toMatchObject({ title: "Failed to toggle caching", description: "500: boom", variant: "destructive" });
  });

  it("clears all caches", async () => {
    fakeAdminApi({
      "POST /api/admin/cache/clear": () => Response.json({ message: "Cleared 4 keys" }),
      "GET /api/admin/cache/stats": () => Response.json(stats),
    });
    await clearAllCaches();
    expect(lastToast()).toMatchObject({ title: "Cache cleared successfully", description: "Cleared 4 keys" });
  });

  it("reports a failed clear as 'Failed to clear cache'", async () => {
    fakeAdminApi({ "POST /api/admin/cache/clear": () => new Response("", { status: 502, statusText: "Bad Gateway" }) });
    await clearAllCaches();
    expect(lastToast()).toMatchObject({ title: "Failed to clear cache", description: "502: Bad Gateway", variant: "destructive" });
  });

  it("sends the panel back to sign-in on a 401 instead of a toast", async () => {
    $adminSession.set({ status: "signed-in", expiresAt: "x", notice: null });
    fakeAdminApi({ "POST /api/admin/cache/clear": () => Response.json({ error: "Sign in to use the admin panel" }, { status: 401 }) });
    await clearAllCaches();
    expect($adminSession.get().status).toBe("signed-out");
    expect(lastToast()?.open).not.toBe(true);
  });

  it("clears browser data, toasts, and reloads after 2 seconds", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    await clearBrowserCacheAndReload({ clearQueryCache: vi.fn() }, reload);
    expect(lastToast()).toMatchObject({ title: "Browser Cache Cleared" });
    vi.advanceTimersByTime(1999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("tells the user to hard-refresh when clearing fails, without reloading", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const failing = {
      clearQueryCache: vi.fn(),
      localStorage: {
        clear: () => {
          throw new Error("SecurityError");
        },
      },
    };
    await clearBrowserCacheAndReload(failing, reload);
    expect(lastToast()).toMatchObject({ title: "Cache Clear Error", variant: "destructive" });
    expect(lastToast().description).toMatch(/hard refresh/);
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();
  });

  it("joins the browser's own sentence and the hard-refresh advice with one full stop", async () => {
    const refused = new DOMException("Failed to execute 'clear' on 'Storage': Access is denied for this document.", "SecurityError");
    await clearBrowserCacheAndReload(
      {
        clearQueryCache: vi.fn(),
        localStorage: {
          clear: () => {
            throw refused;
          },
        },
      },
      vi.fn(),
    );
    expect(lastToast().description).toBe(
      "Failed to execute 'clear' on 'Storage': Access is denied for this document. Please do a hard refresh instead (Ctrl+Shift+R, or Cmd+Shift+R on a Mac).",
    );
    await clearBrowserCacheAndReload(
      { clearQueryCache: vi.fn(), caches: { keys: () => Promise.reject("blocked"), delete: vi.fn() } },
      vi.fn(),
    );
    expect(lastToast().description).toBe(
      "An unknown error occurred. Please do a hard refresh instead (Ctrl+Shift+R, or Cmd+Shift+R on a Mac).",
    );
  });
});

describe("hit rate", () => {
  it("is hits over all lookups with one decimal, 0% before any", () => {
    expect(hitRate({ hits: 3, misses: 1 })).toBe("75.0%");
    expect(hitRate({ hits: 0, misses: 0 })).toBe("0%");
    expect(hitRate(undefined)).toBe("0%");
  });
});
