import type { Span } from "./workspace.ts";
import { validationError } from "./errors.ts";
import { atMost, LIMITS } from "./limits.ts";

type Obj = Record<string, unknown>;

/** Rich text as a request sends it (`[{type: "text", text: {content, link}, annotations}]`), as spans; `where` names it in errors. */
export function spansOf(where: string, value: unknown): Span[] {
  if (!Array.isArray(value))
    throw validationError(`body failed validation: ${where} should be an array, instead was \`${JSON.stringify(value)}\`.`);
  atMost(where, value.length, LIMITS.richTextItems);
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
  if (typeof link === "string") atMost(`${where}.text.link.url`, link.length, LIMITS.linkUrl);
  const content = String(text.content ?? item.plain_text ?? "");
  atMost(`${where}.text.content`, content.length, LIMITS.textContent);
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
