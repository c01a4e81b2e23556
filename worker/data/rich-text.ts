import { z } from "zod";
import { fullAnnotations } from "#contract/rich-text";
import { isSafeUrl } from "#contract/safe-url";
import type { RichTextPiece } from "#contract/rich-text";
import { richText } from "./values";

/** Notion's text colours (foreground and `_background`); any other value reads as `default`. */
const NOTION_COLORS = [
  "default",
  "gray",
  "brown",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "pink",
  "red",
  "gray_background",
  "brown_background",
  "orange_background",
  "yellow_background",
  "green_background",
  "blue_background",
  "purple_background",
  "pink_background",
  "red_background",
] as const;

/** One Notion colour name. */
type NotionColor = (typeof NOTION_COLORS)[number];

/** Annotations as stored in a `_rich` column (Notion's shape). */
const StoredAnnotations = z.object({
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  underline: z.boolean().optional(),
  code: z.boolean().optional(),
  color: z.string().optional(),
});

/** One rich text piece as a `_rich` column stores it: Notion's `text`, `annotations` and `href`. */
export const StoredRichTextPiece = z.object({
  text: z.object({ content: z.string(), link: z.object({ url: z.string() }).nullish() }),
  annotations: StoredAnnotations.optional(),
  href: z.string().nullish(),
});

/** A `_rich` column's JSON. */
const StoredRichTextPieces = z.array(StoredRichTextPiece);

/** A stored piece (what the sync writes). */
export type StoredRichTextPiece = z.infer<typeof StoredRichTextPiece>;

/** The link of a stored piece when its address is relative or uses an allowed protocol (the Markdown allow-list); else null. */
function pieceHref(piece: StoredRichTextPiece): string | null {
  const href = (piece.href ?? piece.text.link?.url ?? "").trim();
  return href !== "" && isSafeUrl(href) ? href : null;
}

function color(value: string | undefined): NotionColor {
  return NOTION_COLORS.find((c) => c === value) ?? "default";
}

/** A stored piece as the API hands it out: `plain_text`, a safe `href` (or null), every annotation. */
function apiPiece(piece: StoredRichTextPiece): RichTextPiece {
  const a = piece.annotations ?? {};
  return {
    type: "text",
    plain_text: piece.text.content,
    href: pieceHref(piece),
    annotations: fullAnnotations(a, color(a.color)),
  };
}

/**
 * The API pieces of a property: its `_rich` column's pieces when that holds valid JSON of Notion pieces; otherwise
 * (no column yet, NULL, malformed or hostile JSON) the plain text as one piece, so a bad value never fails a request.
 */
export function richPieces(stored: unknown, plain: string | null): RichTextPiece[] {
  if (plain === null) return [];
  if (typeof stored !== "string") return richText(plain);
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return richText(plain);
  }
  const parsed = StoredRichTextPieces.safeParse(raw);
  if (!parsed.success || parsed.data.length === 0) return richText(plain);
  return parsed.data.map(apiPiece);
}
