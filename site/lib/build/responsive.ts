import { getImage } from "astro:assets";
import { API_URL } from "./env";
import { probeImage } from "./probe";

/** Widths of the resized copies offered next to the original (only those below it; the largest is the original's cap). */
export const SRCSET_WIDTHS = [400, 800, 1600];

const built = new Map<string, Promise<string | null>>();

async function build(src: string): Promise<string | null> {
  const size = await probeImage(src);
  if (!size) return null;
  const url = new URL(src, `${API_URL}/`).href;
  const candidates = await Promise.all(
    SRCSET_WIDTHS.filter((w) => w < size.width).map(async (w) => `${(await getImage({ src: url, width: w, height: Math.round((size.height * w) / size.width), format: "webp" })).src} ${w}w`),
  );
  // The original is the widest candidate unless it is wider than the largest resized copy.
  if (size.width <= SRCSET_WIDTHS[SRCSET_WIDTHS.length - 1]) candidates.push(`${src} ${size.width}w`);
  return candidates.length > 1 ? candidates.join(", ") : null;
}

/**
 * A `srcset` of WebP copies (built into the site) and the original for a file the sync copied to `/media/`, once per
 * build; null for other images (defaults, external URLs), small originals, or when the image cannot be read.
 */
export function responsiveSrcset(src: string | null | undefined): Promise<string | null> {
  if (!src?.startsWith("/media/")) return Promise.resolve(null);
  let pending = built.get(src);
  if (!pending) {
    pending = build(src).catch((error: unknown) => {
      console.warn(`[site] no resized copies of ${src}: ${error instanceof Error ? error.message : error}`);
      return null;
    });
    built.set(src, pending);
  }
  return pending;
}

/** srcsets of several images by URL (those that have one). */
export async function pageSrcsets(urls: (string | null)[]): Promise<Record<string, string>> {
  const entries = await Promise.all(urls.map(async (url) => [url, await responsiveSrcset(url)] as const));
  return Object.fromEntries(entries.filter((e): e is readonly [string, string] => e[0] !== null && e[1] !== null));
}
