/** R2 key prefix and site URL prefix for copied Notion files. */
const MEDIA_PREFIX = "/media/";

const ID_SEGMENT = /^[A-Za-z0-9-]{8,}$/;

/**
 * Stable R2 key for a Notion-hosted file: `notion/<file-id>/<name>`. Signed URLs look like
 * `https://host/<workspace>/<file-id>/<name>?signature`, so the id is the segment before the name;
 * without one, a hash of host and path stands in. The query (the signature) never takes part.
 */
export function fileKeyFor(url: string, name?: string): string {
  // A sync asks for the same file's key several times (its media index, its copy, its row): parsing URLs adds up.
  const asked = `${name ?? ""}\n${url}`;
  const known = keysKnown.get(asked);
  if (known !== undefined) return known;
  if (keysKnown.size >= KEYS_KEPT) keysKnown.clear();
  const key = keyFor(url, name);
  keysKnown.set(asked, key);
  return key;
}

/** Keys worked out lately, by name and URL (a few cursor pages' files). */
const keysKnown = new Map<string, string>();
const KEYS_KEPT = 4096;

function keyFor(url: string, name?: string): string {
  const parsed = new URL(url);
  const segments = parsed.pathname.split("/").filter(Boolean);
  const last = safeDecode(segments.at(-1) ?? "");
  const parent = segments.at(-2) ?? "";
  const id = ID_SEGMENT.test(parent) ? parent.toLowerCase() : hash(`${parsed.host}${parsed.pathname}`);
  return `notion/${id}/${safeFileName(last || name || "file")}`;
}

/**
 * The shape of every key fileKeyFor makes: `notion/`, the file's id (or the hash standing in for it) in lower case, and a
 * safe file name. `/media` refuses any other key before it asks D1 whether the sync copied it.
 */
const SYNCED_KEY = /^notion\/[a-z0-9-]{8,}\/[A-Za-z0-9._-]{1,120}$/;

/** True when `key` has the shape of a key the sync writes (see fileKeyFor); a file name of dots alone never has. */
export function isSyncedFileKey(key: string): boolean {
  return SYNCED_KEY.test(key) && !/\/\.{1,2}$/.test(key);
}

/** The site's URL for an R2 key. */
export function siteUrlForKey(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

/** A file name reduced to URL- and key-safe characters, keeping its extension. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+|-+$/g, "")
    .replace(/\.{2,}/g, ".");
  return cleaned.slice(-120) || "file";
}

/** Content type guessed from a file name, for when the download does not say. */
export function contentTypeFor(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  const types: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    webp: "image/webp",
    avif: "image/avif",
    svg: "image/svg+xml",
    pdf: "application/pdf",
    mp4: "video/mp4",
    txt: "text/plain",
  };
  return types[ext] ?? "application/octet-stream";
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function hash(input: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
