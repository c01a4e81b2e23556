import { clearQueryCache } from "../../../lib/query";

/** Name of the site's own IndexedDB database (always deleted, even where databases() is missing). */
export const SITE_IDB_NAME = "coin-op-catalogue";
/** The page reloads 2 seconds after the browser cache is cleared, so the toast can be read. */
export const RELOAD_DELAY_MS = 2000;

/** The browser storage the clear touches; injectable for tests. */
export type BrowserStores = {
  clearQueryCache(): void;
  localStorage?: Pick<Storage, "clear">;
  sessionStorage?: Pick<Storage, "clear">;
  caches?: Pick<CacheStorage, "keys" | "delete">;
  indexedDB?: Pick<IDBFactory, "deleteDatabase"> & { databases?: () => Promise<IDBDatabaseInfo[]> };
};

/** The real browser stores. */
function browserStores(): BrowserStores {
  return {
    clearQueryCache,
    localStorage: globalThis.localStorage,
    sessionStorage: globalThis.sessionStorage,
    caches: globalThis.caches,
    indexedDB: globalThis.indexedDB,
  };
}

function deleteDatabase(factory: Pick<IDBFactory, "deleteDatabase">, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    // Blocked means another tab holds it open; the delete finishes once that tab lets go.
    request.onblocked = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Could not delete IndexedDB database ${name}`));
  });
}

/** Clears the client query cache, local and session storage, CacheStorage and the site's IndexedDB database. */
export async function clearBrowserStores(stores: BrowserStores = browserStores()): Promise<void> {
  stores.clearQueryCache();
  stores.localStorage?.clear();
  stores.sessionStorage?.clear();
  if (stores.caches) {
    const names = await stores.caches.keys();
    await Promise.all(names.map((name) => stores.caches!.delete(name)));
  }
  if (stores.indexedDB) {
    const listed = stores.indexedDB.databases ? await stores.indexedDB.databases() : [];
    const names = new Set([SITE_IDB_NAME, ...listed.map((db) => db.name).filter((n): n is string => Boolean(n))]);
    await Promise.all([...names].map((name) => deleteDatabase(stores.indexedDB!, name)));
  }
}
