import { forgetColumns } from "../data/columns";
import { CACHE_PREFIX } from "./keys";
import { memoryClear } from "./memory";

/** KV's largest list page. */
const LIST_PAGE = 1000;

/** Every key under `cache:`, page by page through KV's list cursor. */
export async function* listCacheKeys(kv: KVNamespace, pageSize = LIST_PAGE): AsyncGenerator<string[]> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix: CACHE_PREFIX, cursor, limit: pageSize });
    yield page.keys.map((k) => k.name);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/** Number of keys currently under `cache:`. */
export async function countCacheKeys(kv: KVNamespace, pageSize = LIST_PAGE): Promise<number> {
  let count = 0;
  for await (const names of listCacheKeys(kv, pageSize)) count += names.length;
  return count;
}

/** Deletes every `cache:` key (all content types) and returns how many were removed; the sync calls it after each run. */
export async function purgeCache(kv: KVNamespace, pageSize = LIST_PAGE): Promise<number> {
  // A purge follows a sync, which may have changed table columns too.
  forgetColumns();
  memoryClear();
  let removed = 0;
  for await (const names of listCacheKeys(kv, pageSize)) {
    await Promise.all(names.map((name) => kv.delete(name)));
    removed += names.length;
  }
  return removed;
}
