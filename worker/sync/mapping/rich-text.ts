import { isSafeUrl } from "#contract/safe-url";
import { fullAnnotations } from "#contract/rich-text";
import type { StoredRichTextPiece } from "../../data/rich-text";

/** A rich text piece as Notion returns it (only what Markdown and the `_rich` columns need). */
export type NotionRichTextPiece = {
  plain_text?: string;
  href?: string | null;
  text?: { content?: string; link?: { url?: string } | null } | null;
  annotations?: { bold?: boolean; italic?: boolean; strikethrough?: boolean; underline?: boolean; code?: boolean; color?: string };
};

/**
 * A property's rich text pieces as the JSON its `_rich` column keeps: Notion's `text`, `annotations` and `href` of
 * each piece (a mention or equation keeps its plain text as `text.content`); null when there is no text.
 */
export function storedRichText(pieces: NotionRichTextPiece[] | undefined): string | null {
  const stored = (pieces ?? []).map(storedPiece).filter((p) => p.text.content !== "");
  return stored.length ? JSON.stringify(stored) : null;
}

function storedPiece(piece: NotionRichTextPiece): StoredRichTextPiece {
  const a = piece.annotations ?? {};
  const url = piece.text?.link?.url;
  return {
    text: { content: piece.plain_text ?? piece.text?.content ?? "", link: typeof url === "string" ? { url } : null },
    annotations: fullAnnotations(a),
    href: piece.href ?? null,
  };
}

/** Backslash-escapes everything Markdown, HTML or the site's directives (`::`, `:::`) could read as syntax, so Notion text renders as typed. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]()<>#!|~&]/g, "\\$&")
    .replace(/^(\s*)([-+=:])/gm, "$1\\$2")
    .replace(/^(\s*\d+)\./gm, "$1\\.");
}

/**
 * A link target safe to put in Markdown (relative, or one of the site's allowed protocols: http, https, irc, ircs,
 * mailto, xmpp), or null for anything else (javascript:, data:...) and for protocol-relative `//host` addresses.
 */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (trimmed === "" || trimmed.startsWith("//") || !isSafeUrl(trimmed)) return null;
  // An `&` starting an entity is encoded, so neither Markdown nor HTML can decode one into a scheme (`javascript&#58;`).
  return trimmed.replace(/[\s<>()\\]|&(?=#?[a-z0-9]+;)/gi, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** Inline code with a backtick fence longer than any run inside the text. */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Rich text to inline Markdown: annotations, links, hard line breaks; adjacent equal pieces are merged first. */
export function richTextToMarkdown(pieces: NotionRichTextPiece[] | undefined): string {
  return merge(pieces ?? [])
    .map(pieceToMarkdown)
    .join("")
    .replace(/\n/g, "\\\n");
}

function pieceToMarkdown(piece: NotionRichTextPiece): string {
  const text = piece.plain_text ?? "";
  if (!text) return "";
  const a = piece.annotations ?? {};
  const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  if (!core) return text;
  let md = a.code ? inlineCode(core) : escapeMarkdown(core);
  if (a.strikethrough) md = `~~${md}~~`;
  if (a.italic) md = `*${md}*`;
  if (a.bold) md = `**${md}**`;
  const href = safeHref(piece.href);
  if (href) md = `[${md}](${href})`;
  return `${lead}${md}${trail}`;
}

function sameStyle(a: NotionRichTextPiece, b: NotionRichTextPiece): boolean {
  const x = a.annotations ?? {};
  const y = b.annotations ?? {};
  return (
    (a.href ?? null) === (b.href ?? null) &&
    !!x.bold === !!y.bold &&
    !!x.italic === !!y.italic &&
    !!x.strikethrough === !!y.strikethrough &&
    !!x.code === !!y.code
  );
}

function merge(pieces: NotionRichTextPiece[]): NotionRichTextPiece[] {
  const out: NotionRichTextPiece[] = [];
  for (const piece of pieces) {
    const prev = out[out.length - 1];
    if (prev && sameStyle(prev, piece)) out[out.length - 1] = { ...prev, plain_text: (prev.plain_text ?? "") + (piece.plain_text ?? "") };
    else out.push(piece);
  }
  return out;
}
