import { listMediaFiles } from "../data/media-files";
import type { MediaIndex } from "../sync/files/media-index";

/** An index loading every recorded key once (one query): the files tests check `lookupIndex` against it. */
export function mediaIndex(db: D1Database): MediaIndex {
  let keys: Promise<Set<string>> | undefined;
  const load = async () => new Set((await listMediaFiles(db)).map((f) => f.key));
  return {
    held: async (wanted) => {
      const all = await (keys ??= load());
      return new Set(wanted.filter((k) => all.has(k)));
    },
    add: (key) => void keys?.then((set) => set.add(key)),
  };
}
