import type { PageLike } from "../../notion/types";

/** Where a cursor page was staged, and its content's etag (an MD5 of the JSON: the same etag, the same pages). */
export type StagedAt = { key: string; etag: string };

/** Parsed staged pages kept by this isolate, by etag (a table's rows steps read one cursor page five times or more). */
const parsed = new Map<string, PageLike[]>();
/** Cursor pages kept: the one being turned into rows and the one read ahead, for two tables at once. */
const KEPT = 4;

/** Stages a cursor page's pages under `key` and answers where, with its etag. */
export async function stagePages(bucket: R2Bucket, key: string, pages: PageLike[]): Promise<StagedAt> {
  const object = await bucket.put(key, JSON.stringify(pages));
  // Only a conditional put answers null.
  if (!object) throw new Error(`R2 refused to stage ${key}`);
  remember(object.etag, pages);
  return { key, etag: object.etag };
}

/**
 * The pages staged at `at`: parsed once per isolate (no R2 read when this isolate staged or read them already, as
 * the etag names the content), else read from R2. Callers must not change them.
 */
export async function stagedPages(bucket: R2Bucket, at: StagedAt): Promise<PageLike[]> {
  const kept = parsed.get(at.etag);
  if (kept) return kept;
  const staged = await bucket.get(at.key);
  if (!staged) throw new Error(`The pages staged at ${at.key} are gone`);
  const pages = JSON.parse(await staged.text()) as PageLike[];
  remember(staged.etag, pages);
  return pages;
}

function remember(etag: string, pages: PageLike[]): void {
  parsed.delete(etag);
  parsed.set(etag, pages);
  while (parsed.size > KEPT) parsed.delete(parsed.keys().next().value!);
}
