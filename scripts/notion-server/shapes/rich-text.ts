import type { Rich, Span } from "../workspace.ts";

/** Notion caps one rich text item at 2,000 characters; longer text is split over several items. */
const MAX_ITEM = 2000;

/** Rich text in Notion's response shape (text items with annotations, href and text.link). */
export function richText(rich: Rich | null | undefined): object[] {
  if (rich === null || rich === undefined || rich === "") return [];
  const spans: Span[] = typeof rich === "string" ? [{ text: rich }] : rich;
  return spans.flatMap((span) => chunks(span.text).map((content) => item(span, content)));
}

/** Concatenated plain text of rich text. */
export function plainText(rich: Rich | null | undefined): string {
  if (!rich) return "";
  return typeof rich === "string" ? rich : rich.map((s) => s.text).join("");
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += MAX_ITEM) out.push(text.slice(i, i + MAX_ITEM));
  return out.length ? out : [""];
}

function item(span: Span, content: string) {
  const link = span.link ?? null;
  return {
    type: "text",
    text: { content, link: link ? { url: link } : null },
    annotations: {
      bold: span.bold ?? false,
      italic: span.italic ?? false,
      strikethrough: span.strikethrough ?? false,
      underline: span.underline ?? false,
      code: span.code ?? false,
      color: span.color ?? "default",
    },
    plain_text: content,
    href: link,
  };
}
