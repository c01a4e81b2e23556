import { describe, expect, it, vi } from "vitest";
import { clearBrowserStores, SITE_IDB_NAME, type BrowserStores } from "./clear-browser-cache";

function fakeStores(databases = [{ name: "other-db", version: 1 }]) {
  const deleted: string[] = [];
  const stores = {
    clearQueryCache: vi.fn(),
    localStorage: { clear: vi.fn() },
    sessionStorage: { clear: vi.fn() },
    caches: { keys: vi.fn(async () => ["a", "b"]), delete: vi.fn(async (_name: string) => true) },
    indexedDB: {
      databases: vi.fn(async () => databases),
      deleteDatabase: vi.fn((name: string) => {
        deleted.push(name);
        const request = {} as IDBOpenDBRequest;
        queueMicrotask(() => request.onsuccess?.({} as Event));
        return request;
      }),
    },
  } satisfies BrowserStores;
  return { stores, deleted };
}

describe("clearBrowserStores", () => {
  it("clears the query cache, both storages, every CacheStorage entry and the site's IndexedDB", async () => {
    const { stores, deleted } = fakeStores();
    await clearBrowserStores(stores);
    expect(stores.clearQueryCache).toHaveBeenCalledOnce();
    expect(stores.localStorage.clear).toHaveBeenCalledOnce();
    expect(stores.sessionStorage.clear).toHaveBeenCalledOnce();
    expect(stores.caches.delete.mock.calls.map(([name]) => name)).toEqual(["a", "b"]);
    expect(deleted.sort()).toEqual([SITE_IDB_NAME, "other-db"].sort());
  });

  it("fails when a database cannot be deleted", async () => {
    const { stores } = fakeStores([]);
    stores.indexedDB.deleteDatabase = vi.fn(() => {
      const request = { error: new DOMException("denied") } as unknown as IDBOpenDBRequest;
      queueMicrotask(() => request.onerror?.({} as Event));
      return request;
    });
    await expect(clearBrowserStores(stores)).rejects.toThrow("denied");
  });

  it("skips stores the browser lacks", async () => {
    await expect(clearBrowserStores({ clearQueryCache: vi.fn() })).resolves.toBeUndefined();
  });
});
