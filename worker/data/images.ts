import type { ImageRecord } from "#contract/public-api";
import { readOne } from "./lookup";
import { type Fields, firstUrl, text } from "./values";

/** Row -> ImageRecord; the id is the image's key (clients search image lists by it). */
function toImageRecord(fields: Fields): ImageRecord {
  return {
    id: text(fields("Key")) ?? "",
    imageUrl: firstUrl(fields("Image")),
    altText: text(fields("Alt Text")),
    title: text(fields("Title")),
  };
}

/** The Images record with this key (e.g. `background-texture`), or null. */
export function readImage(db: D1Database, key: string): Promise<ImageRecord | null> {
  return readOne(db, "Images", "Key", key, toImageRecord);
}
