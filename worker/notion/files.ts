import { recordMediaFiles } from "../data/media-files";
import { contentTypeFor, fileKeyFor, siteUrlForKey } from "./file-keys";
import { forEachLimit, limiter } from "./concurrency";
import type { MediaIndex } from "./media-index";
import type { SiteUrlFor } from "./properties";
import { UpstreamError } from "./upstream-error";

/** Downloads of one copyFiles call at once (a table sync runs 8 pages at once: at most 32 downloads of one store). */
const DOWNLOADS_AT_ONCE = 4;

/**
 * Downloads without a usable Content-Length read into memory at once per FileStore (one per table sync, and one sync
 * runs at a time). Memory bound of a sync: BUFFERED_AT_ONCE × 2 × maxBuffered (the chunks plus the joined copy) =
 * 32 MB, plus the streamed downloads, which hold a chunk or two each (32 × well under 1 MB): far below 128 MB.
 */
export const BUFFERED_AT_ONCE = 1;

/**
 * Size caps for copies. `maxBytes`: the largest file copied (streamed into R2, never held in memory); a bigger one is
 * left out of its row (no image: Notion's signed URL would break within the hour) with a logged message. `maxBuffered`:
 * the largest download without a usable Content-Length, which must be read into memory to learn its length
 * (BUFFERED_AT_ONCE at a time per store, see there).
 */
export type FileLimits = { maxBytes: number; maxBuffered: number };

/** The caps a sync runs with. */
export const FILE_LIMITS: FileLimits = { maxBytes: 100 * 1024 * 1024, maxBuffered: 16 * 1024 * 1024 };

/** A Notion-hosted file met during a sync, with a way to get a fresh signed URL if this one has expired. */
export type FileSource = { url: string; name?: string; refresh: () => Promise<string | undefined> };

/** What copying needs: the bucket, the run's index of keys it already holds, the D1 database recording the keys /media may serve, the run's (retrying) download fetch, the caps, and a count of files copied in. */
export type FileStore = { bucket: R2Bucket; index: MediaIndex; db: D1Database; download: typeof fetch; limits?: FileLimits; copied?: { count: number } };

/**
 * Copies Notion-hosted files into R2 under stable keys (skipping keys R2 already holds) and returns each
 * original Notion URL's site URL, or null for a file left out for its size.
 */
export async function copyFiles(store: FileStore, sources: FileSource[]): Promise<Map<string, string | null>> {
  const unique = [...new Map(sources.map((s) => [s.url, s])).values()];
  const urls = new Map<string, string | null>();
  const copied: string[] = [];
  await forEachLimit(unique, DOWNLOADS_AT_ONCE, async (source) => {
    const key = fileKeyFor(source.url, source.name);
    const kept = await copyFile(store, key, source);
    if (kept) copied.push(key);
    urls.set(source.url, kept ? siteUrlForKey(key) : null);
  });
  await recordMediaFiles(store.db, copied);
  return urls;
}

// One gate per store: every page of a table sync shares its store, so the bound holds across the pages worked at once.
const buffering = new WeakMap<FileStore, ReturnType<typeof limiter>>();
const bufferSlots = (store: FileStore) => buffering.get(store) ?? buffering.set(store, limiter(BUFFERED_AT_ONCE)).get(store)!;

/** Copies one file; false when it was left out for its size. */
async function copyFile(store: FileStore, key: string, source: FileSource): Promise<boolean> {
  if (await store.index.has(key)) return true;
  const res = await openDownload(store, key, source);
  const declared = res.headers.get("content-type")?.split(";")[0]?.trim();
  const options = { httpMetadata: { contentType: declared && declared !== "application/octet-stream" ? declared : contentTypeFor(key) } };
  const limits = store.limits ?? FILE_LIMITS;
  const length = contentLength(res);
  if (length !== null && length > limits.maxBytes) {
    await res.body?.cancel();
    return leftOut(key, `${length} bytes`, limits.maxBytes);
  }
  try {
    if (length !== null) {
      await store.bucket.put(key, res.body ? res.body.pipeThrough(new FixedLengthStream(length)) : new Uint8Array(), options);
    } else {
      const max = Math.min(limits.maxBuffered, limits.maxBytes);
      const slots = bufferSlots(store);
      // Waiting for a slot with the download open would hold an idle connection (a Worker has six), so it is closed and
      // fetched again once a slot is free: files without a length are rare (Notion's storage states it).
      const waited = slots.busy;
      if (waited) await res.body?.cancel();
      const kept = await slots.run(async () => {
        const bytes = await readUpTo(waited ? await openDownload(store, key, source) : res, max);
        if (bytes) await store.bucket.put(key, bytes, options);
        return bytes !== null;
      });
      if (!kept) return leftOut(key, "a download without Content-Length", max);
    }
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    // A download cut short (or longer than it said) fails the put as well; R2's own failures are rare and named by their message.
    throw new UpstreamError(`Could not copy file ${key} from Notion: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  store.index.add(key);
  if (store.copied) store.copied.count++;
  return true;
}

/** The download of `source`, fetched again by a fresh URL once when the signed one has expired (403); throws when it fails. */
async function openDownload(store: FileStore, key: string, source: FileSource): Promise<Response> {
  let res = await store.download(source.url);
  if (res.status === 403) {
    await res.body?.cancel();
    const fresh = await source.refresh();
    if (!fresh) throw new UpstreamError(`File ${key} has expired and Notion no longer lists it`);
    res = await store.download(fresh);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new UpstreamError(`Could not download file ${key} from Notion: HTTP ${res.status}`, res.status === 429 || res.status >= 500);
  }
  return res;
}

/** The body's length when the response states it for the bytes we read (not for a compressed transfer), else null. */
function contentLength(res: Response): number | null {
  const encoding = res.headers.get("content-encoding");
  const length = res.headers.get("content-length")?.trim();
  if ((encoding && encoding !== "identity") || !length || !/^\d+$/.test(length)) return null;
  return Number(length);
}

/** The whole body, or null (the rest cancelled) once it passes `max` bytes. */
async function readUpTo(res: Response, max: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function leftOut(key: string, what: string, limit: number): false {
  console.warn(`sync: file ${key} left out: ${what} is over the ${limit}-byte limit for copies into R2 (the row keeps no link to it)`);
  return false;
}

/**
 * Site URL lookup for rows: a copied file's site URL, undefined for one left out for its size (the row drops it), and
 * for a URL not copied here (a rollup of another table's files) the site URL its own table's copy has.
 */
export function siteUrlLookup(urls: Map<string, string | null>): SiteUrlFor {
  return (notionUrl) => (urls.has(notionUrl) ? (urls.get(notionUrl) ?? undefined) : siteUrlForKey(fileKeyFor(notionUrl)));
}
