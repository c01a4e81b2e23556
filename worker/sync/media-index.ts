/** Keys under `notion/` already in R2, listed once per sync run instead of one HEAD per file. */
export type MediaIndex = { has(key: string): Promise<boolean>; add(key: string): void };

/** A lazily built index of the bucket's `notion/` keys (one list call per 1,000 keys). */
export function mediaIndex(bucket: R2Bucket): MediaIndex {
  let keys: Promise<Set<string>> | undefined;
  const load = async () => {
    const found = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix: "notion/", cursor });
      for (const object of page.objects) found.add(object.key);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return found;
  };
  return {
    has: async (key) => (await (keys ??= load())).has(key),
    add: (key) => void keys?.then((set) => set.add(key)),
  };
}

/** An index asking R2 for each key: cheaper than listing the whole bucket when a run meets few files. */
export function headIndex(bucket: R2Bucket): MediaIndex {
  return { has: async (key) => (await bucket.head(key)) !== null, add: () => {} };
}
