import type { ContentBlock } from "#contract/public-api";
import { readOne } from "./lookup";
import { richPieces } from "./rich-text";
import { type Fields, firstUrl, text } from "./values";

const TYPES = ["rich_text", "image", "image_file", "text"] as const;

/** Row -> ContentBlock: the Type select when valid, else `image` for an image-only block, else `text`. */
function toContentBlock(fields: Fields): ContentBlock {
  const content = text(fields("Content"));
  const imageUrl = firstUrl(fields("Image"));
  const declared = text(fields("Type"));
  const type = TYPES.find((t) => t === declared) ?? (imageUrl && content === null ? "image" : "text");
  return {
    id: text(fields("Key")) ?? "",
    type,
    content,
    richText: richPieces(fields("Content", "rich"), content),
    title: text(fields("Title")),
    imageUrl,
  };
}

/** The Site Content block with this key, or null. */
export function readContent(db: D1Database, key: string): Promise<ContentBlock | null> {
  return readOne(db, "Site Content", "Key", key, toContentBlock);
}
