import { heldMediaFiles } from "../../data/media-files";

/** Which file keys are already copied, answered from D1's `media_files` (never by listing R2). */
export type MediaIndex = { held(keys: string[]): Promise<Set<string>>; add(key: string): void };

/** An index asking D1 for one page's keys at a time: cheaper than loading every key when a run meets few files. */
export function lookupIndex(db: D1Database): MediaIndex {
  return { held: (keys) => heldMediaFiles(db, keys), add: () => {} };
}
