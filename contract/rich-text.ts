/** One piece of rich text as the public API hands it out: the one description the worker writes and the site reads. */
import * as z from "zod/mini";

/** A piece's styles: Notion's annotations, every one present (`color` is Notion's colour name, `default` when plain). */
const AnnotationsSchema = z.object({
  bold: z.boolean(),
  italic: z.boolean(),
  strikethrough: z.boolean(),
  underline: z.boolean(),
  code: z.boolean(),
  color: z.string(),
});

/** A piece's styles. */
export type Annotations = z.infer<typeof AnnotationsSchema>;

/** One piece of rich text: its text, its safe link (else null) and its styles. */
export const RichTextPieceSchema = z.object({
  type: z.literal("text"),
  plain_text: z.string(),
  href: z.nullable(z.string()),
  annotations: AnnotationsSchema,
});

/** One piece of rich text (content blocks, page descriptions, item descriptions). */
export type RichTextPiece = z.infer<typeof RichTextPieceSchema>;

/** Annotations with every field present: an absent style off, an absent colour `default`. */
export function fullAnnotations(
  a: Partial<Record<keyof Annotations, unknown>>,
  color: string = typeof a.color === "string" ? a.color : "default",
): Annotations {
  return { bold: !!a.bold, italic: !!a.italic, strikethrough: !!a.strikethrough, underline: !!a.underline, code: !!a.code, color };
}
