import { forgetColumns } from "../tables/columns";
import { bumpGeneration, currentGeneration } from "./generation";
import { generationPrefix } from "./keys";

/** KV's largest list page. */
const LIST_PAGE = 1000;
/** Most list pages one count reads: the admin stats count up to 10,000 keys, then say so. */
const COUNT_MAX_PAGES = 10;

/**
 * Number of entries of the current generation (one KV list per 1,000 keys, at most COUNT_MAX_PAGES lists; past that
 * the count stops at COUNT_MAX_PAGES × the page size). Entries of older generations are not counted: no read asks
 * for them and KV drops them when their TTL ends.
 */
export async function countCacheKeys(kv: KVNamespace, pageSize = LIST_PAGE, maxPages = COUNT_MAX_PAGES): Promise<number> {
  const prefix = generationPrefix(await currentGeneration(kv));
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const listed = await kv.list({ prefix, cursor, limit: pageSize });
    count += listed.keys.length;
    if (listed.list_complete) break;
    cursor = listed.cursor;
  }
  return count;
}

/**
 * Retires every cache entry at once by starting a new cache generation: one KV write whatever the number of keys
 * (no list, no delete). The sync calls it after each run. Readers in other locations may see the old generation
 * for up to a minute while KV spreads the write (the same delay a deleted key would take).
 */
export async function purgeCache(kv: KVNamespace): Promise<void> {
  // A purge follows a sync, which may have changed table columns too.
  forgetColumns();
  await bumpGeneration(kv);
}
