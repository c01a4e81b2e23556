import { contentTypeFor, fileKeyFor, siteUrlForKey } from "./file-keys";
import { forEachLimit } from "./concurrency";
import type { MediaIndex } from "./media-index";
import { UpstreamError } from "./upstream-error";

const DOWNLOADS_AT_ONCE = 4;

/** A Notion-hosted file met during a sync, with a way to get a fresh signed URL if this one has expired. */
export type FileSource = { url: string; name?: string; refresh: () => Promise<string | undefined> };

/** What copying needs: the bucket, the run's index of keys it already holds, and the run's (retrying) download fetch. */
export type FileStore = { bucket: R2Bucket; index: MediaIndex; download: typeof fetch };

/**
 * Copies Notion-hosted files into R2 under stable keys (skipping keys R2 already holds) and returns each
 * original Notion URL's site URL.
 */
export async function copyFiles(store: FileStore, sources: FileSource[]): Promise<Map<string, string>> {
  const unique = [...new Map(sources.map((s) => [s.url, s])).values()];
  const urls = new Map<string, string>();
  await forEachLimit(unique, DOWNLOADS_AT_ONCE, async (source) => {
    const key = fileKeyFor(source.url, source.name);
    await copyFile(store, key, source);
    urls.set(source.url, siteUrlForKey(key));
  });
  return urls;
}

async function copyFile(store: FileStore, key: string, source: FileSource): Promise<void> {
  if (await store.index.has(key)) return;
  let res = await store.download(source.url);
  if (res.status === 403) {
    await res.body?.cancel();
    const fresh = await source.refresh();
    if (!fresh) throw new UpstreamError(`File ${key} has expired and Notion no longer lists it`);
    res = await store.download(fresh);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new UpstreamError(`Could not download file ${key} from Notion: HTTP ${res.status}`);
  }
  const declared = res.headers.get("content-type")?.split(";")[0]?.trim();
  const contentType = declared && declared !== "application/octet-stream" ? declared : contentTypeFor(key);
  await store.bucket.put(key, await res.arrayBuffer(), { httpMetadata: { contentType } });
  store.index.add(key);
}

/** Site URL lookup for rows: a copied file's site URL (every Notion-hosted file is copied before mapping). */
export function siteUrlLookup(urls: Map<string, string>): (notionUrl: string) => string {
  return (notionUrl) => urls.get(notionUrl) ?? siteUrlForKey(fileKeyFor(notionUrl));
}
