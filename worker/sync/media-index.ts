import { heldMediaFiles, listMediaFiles } from "../data/media-files";

/** Which file keys are already copied, answered from D1's `media_files` (never by listing R2). */
export type MediaIndex = { held(keys: string[]): Promise<Set<string>>; add(key: string): void };

/** An index loading every recorded key once (one query), for a run that meets every file of a table. */
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

/** An index asking D1 for one page's keys at a time: cheaper than loading every key when a run meets few files. */
export function lookupIndex(db: D1Database): MediaIndex {
  return { held: (keys) => heldMediaFiles(db, keys), add: () => {} };
}
