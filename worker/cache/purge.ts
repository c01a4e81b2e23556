import { forgetColumns } from "../data/columns";
import { CACHE_PREFIX } from "./keys";

/** Every key under `cache:`, page by page through KV's list cursor. */
export async function* listCacheKeys(kv: KVNamespace): AsyncGenerator<string[]> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix: CACHE_PREFIX, cursor });
    yield page.keys.map((k) => k.name);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/** Number of keys currently under `cache:`. */
export async function countCacheKeys(kv: KVNamespace): Promise<number> {
  let count = 0;
  for await (const names of listCacheKeys(kv)) count += names.length;
  return count;
}

/** Deletes every `cache:` key (all content types) and returns how many were removed; the sync calls it after each run. */
export async function purgeCache(kv: KVNamespace): Promise<number> {
  // A purge follows a sync, which may have changed table columns too.
  forgetColumns();
  let removed = 0;
  for await (const names of listCacheKeys(kv)) {
    await Promise.all(names.map((name) => kv.delete(name)));
    removed += names.length;
  }
  return removed;
}
