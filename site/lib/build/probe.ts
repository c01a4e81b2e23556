import { imageSize, type Size } from "#contract/image-size";
import { API_URL } from "./env";
import { attribute, elements, parseHtml, setAttribute, toHtml } from "./html";

/** Most bytes read from one of our own files (`/media` and the site's origin): a JPEG's size can sit after 64 KB of EXIF and ICC data. */
export const OWN_PROBE_MAX_BYTES = 256 * 1024;
/** Most bytes read from any other address: enough for the header of every format the probe reads, never the whole file. */
export const EXTERNAL_PROBE_MAX_BYTES = 16 * 1024;
const PROBE_TIMEOUT_MS = 5000;

const sizes = new Map<string, Promise<Size | null>>();

/** How this build learnt image sizes: `probed` images read over HTTP, `given` sizes the API gave (see `knowImageSizes`). */
export type ProbeCounts = { probed: number; given: number };

// On globalThis: astro.config reads the counts through its own copy of this module, the pages count through the bundle's.
const COUNTS = Symbol.for("coin-op.image-probe-counts");
const store = globalThis as { [COUNTS]?: ProbeCounts };

/** The counts so far in this process. */
export function probeCounts(): ProbeCounts {
  return (store[COUNTS] ??= { probed: 0, given: 0 });
}

/** Sizes the API gave (by the address the site shows): probeImage answers these without reading the image. */
export function knowImageSizes(given: Record<string, Size>): void {
  for (const [src, size] of Object.entries(given)) {
    if (sizes.has(src)) continue;
    sizes.set(src, Promise.resolve(size));
    probeCounts().given++;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Reads an image's size from at most `maxBytes` of its answer, stopping as soon as the header gave it away. */
export async function readImageSize(url: URL, maxBytes: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<Size | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const reader = res.body?.getReader();
  if (!res.ok || !reader) {
    await res.body?.cancel();
    return null;
  }
  let bytes: Uint8Array = new Uint8Array(0);
  try {
    while (bytes.length < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes = concat(bytes, value.subarray(0, maxBytes - bytes.length));
      const size = imageSize(bytes);
      if (size) return size;
    }
    return null;
  } finally {
    // Stops the download: the rest of the file is never read.
    await reader.cancel().catch(() => {});
  }
}

async function probe(src: string): Promise<Size | null> {
  if (src.startsWith("/images/")) return { width: 800, height: 600 };
  const api = new URL(`${API_URL}/`);
  let url: URL;
  try {
    url = new URL(src, api);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  probeCounts().probed++;
  try {
    return await readImageSize(url, url.origin === api.origin ? OWN_PROBE_MAX_BYTES : EXTERNAL_PROBE_MAX_BYTES);
  } catch {
    return null;
  }
}

/** The intrinsic size of an image the site shows (relative addresses read from the API's origin), once per build; null if unreadable. */
export function probeImage(src: string): Promise<Size | null> {
  let pending = sizes.get(src);
  if (!pending) sizes.set(src, (pending = probe(src)));
  return pending;
}

/** Adds width/height (when readable), lazy loading and async decoding to every <img> of sanitised HTML, editing its parsed tree. */
export async function sizeImages(html: string): Promise<string> {
  const fragment = parseHtml(html);
  const images = elements(fragment, "img");
  if (images.length === 0) return html;
  await Promise.all(
    images.map(async (img) => {
      const src = attribute(img, "src");
      const size = src ? await probeImage(src) : null;
      setAttribute(img, "loading", "lazy");
      setAttribute(img, "decoding", "async");
      setAttribute(img, "data-not-found", "");
      if (size) {
        setAttribute(img, "width", String(size.width));
        setAttribute(img, "height", String(size.height));
      }
    }),
  );
  return toHtml(fragment);
}
