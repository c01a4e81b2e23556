import { z } from "zod";
import { normaliseNotionId } from "../../lib/notion-id";

/** A key, section or page id in a path: letters, digits, spaces, `_`, `-`, `.`; at most 100 characters. */
export const slugParam = z
  .string()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,99}$/u, "must be 1 to 100 letters, digits, spaces, '_', '-' or '.'");

/** A Notion page id in a path, normalised to the dashed lowercase form. */
export const notionIdParam = z.string().transform((raw, ctx) => {
  const id = normaliseNotionId(raw);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "must be a Notion page id (32 hex digits, dashes optional)" });
    return z.NEVER;
  }
  return id;
});

/** The cache-key form of a looked-up name: ASCII case folded, exactly as SQLite's NOCASE compares it. */
export function foldCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
