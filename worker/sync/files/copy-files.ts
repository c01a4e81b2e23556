import { recordMediaFiles, type CopiedSize } from "../../data/media-files";
import type { SkippedFile } from "#contract/sync-runs";
import type { Size } from "#contract/image-size";
import { contentTypeFor, fileKeyFor, siteUrlForKey } from "./file-keys";
import { forEachLimit, limiter } from "../../notion/concurrency";
import type { MediaIndex } from "./media-index";
import type { SiteUrlFor } from "../mapping/properties";
import { UpstreamError } from "../../notion/upstream-error";
import { errorMessage } from "../../lib/errors";
import { sizeOfBytes, sizeReader } from "./header-size";
import { logEvent } from "../../lib/log";

/** A file with a Content-Length up to this is read whole before it is put (larger ones stream into R2). */
const SMALL_FILE_BYTES = 64 * 1024;

/** Downloads of one copyFiles call at once (a slice works on up to `AT_ONCE` pages at once, `takeWithinBudget`: at most AT_ONCE × DOWNLOADS_AT_ONCE downloads of one store). */
const DOWNLOADS_AT_ONCE = 4;

/**
 * Downloads without a usable Content-Length read into memory at once per FileStore (one per table sync, and one sync
 * runs at a time). Memory bound of a sync: BUFFERED_AT_ONCE × 2 × FILE_LIMITS.maxBuffered (the chunks plus the joined
 * copy), plus the streamed downloads, which hold a chunk or two each (AT_ONCE × DOWNLOADS_AT_ONCE of them, each chunk
 * well under 1 MB): far below an isolate's 128 MB.
 */
export const BUFFERED_AT_ONCE = 1;

/**
 * Size caps for copies. `maxBytes`: the largest file copied (streamed into R2, never held in memory); a bigger one is
 * skipped (see `copyFiles`) without being read. `maxBuffered`:
 * the largest download without a usable Content-Length, which must be read into memory to learn its length
 * (BUFFERED_AT_ONCE at a time per store, see there).
 */
export type FileLimits = { maxBytes: number; maxBuffered: number };

/** The caps a sync runs with. */
export const FILE_LIMITS: FileLimits = { maxBytes: 100 * 1024 * 1024, maxBuffered: 16 * 1024 * 1024 };

/** A Notion-hosted file met during a sync (`property`: where the page holds it), with a way to get a fresh signed URL if this one has expired. */
export type FileSource = { url: string; name?: string; property?: string; refresh: () => Promise<string | undefined> };

/**
 * What copying needs: the bucket, the index of keys already copied (answered from D1), the D1 database recording the
 * keys /media may serve, the run's (retrying) download fetch, the caps, a count of files copied in, and the run's list
 * of files it could not copy.
 */
export type FileStore = {
  bucket: R2Bucket;
  index: MediaIndex;
  db: D1Database;
  download: typeof fetch;
  limits?: FileLimits;
  copied?: { count: number };
  skipped?: SkippedFile[];
  /** When given, what copyFiles would record in `media_files` is gathered here for the owner to record once (`recordGathered`). */
  records?: MediaRecords;
};

/** Keys (copied now or found copied) and sizes waiting to be recorded in `media_files` together. */
export type MediaRecords = { keys: string[]; sizes: CopiedSize[] };

/** Records what a store gathered (one D1 batch for a whole step's pages) and empties it. */
export async function recordGathered(db: D1Database, records: MediaRecords): Promise<void> {
  await recordMediaFiles(db, records.keys.splice(0), records.sizes.splice(0));
}

/** The page whose files are copied, named in the run's list of files it could not copy. */
export type FilePage = { id: string; title?: string };

/** Why a file was not copied: a download that failed after its retries, a link gone, or a file over a cap. */
class FileSkipped extends Error {}

/**
 * Copies Notion-hosted files into R2 under stable keys (skipping keys `media_files` already records) and returns each
 * original Notion URL's site URL, or null for a file that could not be copied: one answering 404, or still failing
 * after the download's retries (429, 5xx, network), expired with no fresh link, or over a size cap. Such a file is
 * left out of its row (no link: Notion's signed URL would break within the hour), logged and added to
 * `store.skipped`; nothing records it as copied, so a later sync tries it again.
 */
export async function copyFiles(store: FileStore, sources: FileSource[], page?: FilePage): Promise<Map<string, string | null>> {
  const unique = [...new Map(sources.map((s) => [s.url, s])).values()];
  const urls = new Map<string, string | null>();
  const copied: string[] = [];
  const sizes: CopiedSize[] = [];
  const held = await store.index.held(unique.map((s) => fileKeyFor(s.url, s.name)));
  await forEachLimit(unique, DOWNLOADS_AT_ONCE, async (source) => {
    const key = fileKeyFor(source.url, source.name);
    let reason: string | null = null;
    try {
      if (!held.has(key)) sizes.push({ key, size: await copyFile(store, key, source) });
    } catch (err) {
      reason =
        err instanceof FileSkipped || err instanceof UpstreamError
          ? err.message
          : `Could not copy: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (reason === null) copied.push(key);
    else skip(store, key, source, reason, page);
    urls.set(source.url, reason === null ? siteUrlForKey(key) : null);
  });
  if (store.records) {
    store.records.keys.push(...copied);
    store.records.sizes.push(...sizes);
  } else await recordMediaFiles(store.db, copied, sizes);
  return urls;
}

/** A file's name, else its URL without the signed query string (which expires, and is a credential while it lasts). */
function fileLabel(source: Pick<FileSource, "url" | "name">): string {
  if (source.name) return source.name;
  try {
    const url = new URL(source.url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return source.url.split(/[?#]/)[0]!;
  }
}

function skip(store: FileStore, key: string, source: FileSource, reason: string, page: FilePage | undefined): void {
  logEvent(
    "file_skipped",
    { key, pageId: page?.id, error: reason, message: "not copied: the row keeps no link to it; the next sync tries again" },
    "warn",
  );
  store.skipped?.push({ pageId: page?.id ?? "", pageTitle: page?.title, property: source.property ?? "", file: fileLabel(source), reason });
}

// One gate per store: every page of a table sync shares its store, so the bound holds across the pages worked at once.
const buffering = new WeakMap<FileStore, ReturnType<typeof limiter>>();
const bufferSlots = (store: FileStore) => buffering.get(store) ?? buffering.set(store, limiter(BUFFERED_AT_ONCE)).get(store)!;

/** Copies one file and gives its pixel size (null when it is no known image); throws FileSkipped (or UpstreamError) saying why it could not. */
async function copyFile(store: FileStore, key: string, source: FileSource): Promise<Size | null> {
  const res = await openDownload(store, source);
  const declared = res.headers.get("content-type")?.split(";")[0]?.trim();
  const options = { httpMetadata: { contentType: declared && declared !== "application/octet-stream" ? declared : contentTypeFor(key) } };
  const limits = store.limits ?? FILE_LIMITS;
  const length = contentLength(res);
  if (length !== null && length > limits.maxBytes) {
    await res.body?.cancel();
    throw overCap(`${length} bytes`, limits.maxBytes);
  }
  let size: Size | null = null;
  try {
    if (length !== null && length <= SMALL_FILE_BYTES) {
      // Read whole: cheaper than piping through streams, and DOWNLOADS_AT_ONCE of them are a few MB at most.
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.length !== length) throw new Error(`${bytes.length} of ${length} bytes arrived`);
      await store.bucket.put(key, bytes, options);
      size = sizeOfBytes(bytes);
    } else if (length !== null) {
      // The size is read from the bytes on their way into R2: no second read of the file.
      const reader = sizeReader();
      await store.bucket.put(
        key,
        res.body ? res.body.pipeThrough(reader.stream).pipeThrough(new FixedLengthStream(length)) : new Uint8Array(),
        options,
      );
      size = reader.size();
    } else {
      const max = Math.min(limits.maxBuffered, limits.maxBytes);
      const slots = bufferSlots(store);
      // Waiting for a slot with the download open would hold an idle connection (a Worker has six), so it is closed and
      // fetched again once a slot is free: files without a length are rare (Notion's storage states it).
      const waited = slots.busy;
      if (waited) await res.body?.cancel();
      const kept = await slots.run(async () => {
        const bytes = await readUpTo(waited ? await openDownload(store, source) : res, max);
        if (bytes) {
          await store.bucket.put(key, bytes, options);
          size = sizeOfBytes(bytes);
        }
        return bytes !== null;
      });
      if (!kept) throw overCap("a download without Content-Length", max);
    }
  } catch (err) {
    if (err instanceof FileSkipped || err instanceof UpstreamError) throw err;
    // A download cut short (or longer than it said) fails the put as well; R2's own failures are rare and named by their message.
    throw new FileSkipped(`The download broke off: ${errorMessage(err)}`);
  }
  store.index.add(key);
  if (store.copied) store.copied.count++;
  return size;
}

/** The download of `source`, fetched again by a fresh URL once when the signed one has expired (403); throws when it fails. */
async function openDownload(store: FileStore, source: FileSource): Promise<Response> {
  let res = await store.download(source.url);
  if (res.status === 403) {
    await res.body?.cancel();
    const fresh = await source.refresh();
    if (!fresh) throw new FileSkipped("Its link expired and Notion no longer lists the file");
    res = await store.download(fresh);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FileSkipped(`Notion's file storage answered HTTP ${res.status}`);
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

function overCap(what: string, limit: number): FileSkipped {
  return new FileSkipped(`${what[0]!.toUpperCase()}${what.slice(1)} is over the ${limit}-byte limit for copies into R2`);
}

/**
 * Site URL lookup for rows: a copied file's site URL, undefined for one not copied (the row drops it), and
 * for a URL not copied here (a rollup of another table's files) the site URL its own table's copy has.
 */
export function siteUrlLookup(urls: Map<string, string | null>): SiteUrlFor {
  return (notionUrl) => (urls.has(notionUrl) ? (urls.get(notionUrl) ?? undefined) : siteUrlForKey(fileKeyFor(notionUrl)));
}
