import { isMediaUrl } from "#contract/media-variants";
import { mediaSrcset } from "../media-srcset";
import { probeImage } from "./probe";

/**
 * The `srcset` of a synced file's resized copies, which the worker makes and keeps in R2 (nothing is resized into the
 * build), sized by the original's width (the probe reads a few KB of it, once per build); null for other images,
 * small originals, or when the image cannot be read.
 */
export async function responsiveSrcset(src: string | null | undefined): Promise<string | null> {
  if (!isMediaUrl(src)) return null;
  const size = await probeImage(src);
  return size ? mediaSrcset(src, size.width) : null;
}
