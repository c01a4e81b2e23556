import { imageSize, type Size } from "./image-size";
import { API_URL } from "./env";

const sizes = new Map<string, Promise<Size | null>>();

async function probe(src: string): Promise<Size | null> {
  if (src.startsWith("/images/")) return { width: 800, height: 600 };
  try {
    const res = await fetch(new URL(src, `${API_URL}/`), { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    return imageSize(new Uint8Array(await res.arrayBuffer()));
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

/** Adds width/height (when readable), lazy loading and async decoding to every <img> of sanitised HTML. */
export async function sizeImages(html: string): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/g)];
  const replaced = await Promise.all(
    tags.map(async ([tag]) => {
      const src = /\ssrc="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&");
      const size = src ? await probeImage(src) : null;
      const attrs = [' loading="lazy" decoding="async" data-not-found', size ? ` width="${size.width}" height="${size.height}"` : ""].join("");
      return tag.replace(/\s*\/?>$/, `${attrs}>`);
    }),
  );
  let i = 0;
  return html.replace(/<img\b[^>]*>/g, () => replaced[i++]);
}
