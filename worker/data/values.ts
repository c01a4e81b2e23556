import type { RichTextPiece } from "#contract/rich-text";
import { RICH_SUFFIX } from "../tables/schema";
import { columnFor, type TableColumns } from "../tables/columns";

/**
 * Reads a row's value for a Notion property name (with `"rich"`: its rich text pieces' JSON from the column named
 * after it with the suffix `_rich`); a property without a column gives null.
 */
export type Fields = (property: string, part?: "rich") => unknown;

/** The Fields reader of one D1 row. */
export function fieldsOf(row: Record<string, unknown>, columns: TableColumns): Fields {
  return (property, part) => {
    const column = columnFor(columns, property);
    if (column === undefined) return null;
    return row[part === "rich" ? `${column}${RICH_SUFFIX}` : column] ?? null;
  };
}

/** A text value, or null when missing or blank. */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value);
  return s.trim() === "" ? null : s;
}

/** A number value (also from numeric text), or null. */
export function num(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** A checkbox value: 1 (or "true") is true, anything else false. */
export function bool(value: unknown): boolean {
  return value === 1 || value === true || value === "1" || value === "true";
}

/** A list from a JSON array column (files, multi_select); a plain non-JSON value becomes a one-entry list. */
export function list(value: unknown): string[] {
  const s = text(value);
  if (s === null) return [];
  if (!s.trimStart().startsWith("[")) return [s];
  try {
    const parsed: unknown = JSON.parse(s);
    return Array.isArray(parsed) ? parsed.map(text).filter((v): v is string => v !== null) : [];
  } catch {
    return [s];
  }
}

/** The first URL of a files (JSON list) or url (plain) column. */
export function firstUrl(value: unknown): string | null {
  return list(value)[0] ?? null;
}

/** Rich text pieces for a plain text: one unannotated piece, or none for no text. */
export function richText(plain: string | null): RichTextPiece[] {
  if (plain === null) return [];
  const annotations = { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" };
  return [{ type: "text", plain_text: plain, href: null, annotations }];
}
