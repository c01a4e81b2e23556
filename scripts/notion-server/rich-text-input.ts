import type { Span } from "./workspace.ts";
import { validationError } from "./errors.ts";

type Obj = Record<string, unknown>;

/** Notion refuses a rich text item whose content is longer than this. */
const MAX_TEXT_CONTENT = 2000;

/** Rich text as a request sends it (`[{type: "text", text: {content, link}, annotations}]`), as spans; `where` names it in errors. */
export function spansOf(where: string, value: unknown): Span[] {
  if (!Array.isArray(value))
    throw validationError(`body failed validation: ${where} should be an array, instead was \`${JSON.stringify(value)}\`.`);
  return value.map((item, i) => span(`${where}[${i}]`, item as Obj));
}

/** The plain text of request rich text. */
export function plainTextOf(where: string, value: unknown): string {
  return spansOf(where, value)
    .map((s) => s.text)
    .join("");
}

function span(where: string, item: Obj): Span {
  if (typeof item !== "object" || item === null) throw validationError(`body failed validation: ${where} should be an object.`);
  const text = (item.text ?? {}) as Obj;
  const a = (item.annotations ?? {}) as Obj;
  const link = (text.link as Obj | null | undefined)?.url;
  // Notion takes only absolute URLs as links (a site-relative `/for-sale` is refused).
  if (typeof link === "string" && !URL.canParse(link))
    throw validationError("Content creation Failed. Fix the following: \nInvalid URL for link.");
  const content = String(text.content ?? item.plain_text ?? "");
  if (content.length > MAX_TEXT_CONTENT)
    throw validationError(
      `body failed validation: ${where}.text.content.length should be ≤ \`${MAX_TEXT_CONTENT}\`, instead was \`${content.length}\`.`,
    );
  return {
    text: content,
    ...(a.bold ? { bold: true } : {}),
    ...(a.italic ? { italic: true } : {}),
    ...(a.strikethrough ? { strikethrough: true } : {}),
    ...(a.underline ? { underline: true } : {}),
    ...(a.code ? { code: true } : {}),
    ...(a.color && a.color !== "default" ? { color: String(a.color) } : {}),
    ...(typeof link === "string" ? { link } : {}),
  };
}
