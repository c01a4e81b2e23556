import type { RichTextPiece } from "#contract/rich-text";
import { isSafeUrl } from "#contract/safe-url";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** HTML-escapes text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The concatenated plain text of rich-text pieces. */
export function plainText(pieces: RichTextPiece[] | null | undefined): string {
  return (pieces ?? []).map((p) => p.plain_text).join("");
}

/** True when rich text (or its fallback text) has nothing but whitespace. */
export function isBlank(pieces: RichTextPiece[] | null | undefined, fallback?: string | null): boolean {
  return plainText(pieces).trim() === "" && (fallback ?? "").trim() === "";
}

/** Notion's colour names the site styles (`rt-<colour>` text, `rt-bg-<colour>` highlight classes in global.css). */
export const RICH_TEXT_COLORS = ["gray", "brown", "orange", "yellow", "green", "blue", "purple", "pink", "red"] as const;

/** Elements an annotation wraps its text in, innermost first. */
type PieceTag = "code" | "strong" | "em" | "s" | "u";

/** How one piece renders: its text, the elements around it (innermost first), its colour class and its safe link. */
export type PieceView = { text: string; tags: PieceTag[]; colorClass: string | null; href: string | null };

/** The colour class of a Notion colour name (`red` -> `rt-red`, `red_background` -> `rt-bg-red`); null for default or unknown names. */
export function colorClass(color: string | null | undefined): string | null {
  const [, name, background] = /^([a-z]+)(_background)?$/.exec(color ?? "") ?? [];
  if (!(RICH_TEXT_COLORS as readonly string[]).includes(name ?? "")) return null;
  return background ? `rt-bg-${name}` : `rt-${name}`;
}

/** A piece's rendering; its link only when the address is relative or uses an allowed protocol (as Markdown links). */
export function pieceView(piece: RichTextPiece): PieceView {
  const a = piece.annotations;
  const tags: PieceTag[] = [];
  if (a.code) tags.push("code");
  if (a.bold) tags.push("strong");
  if (a.italic) tags.push("em");
  if (a.strikethrough) tags.push("s");
  if (a.underline) tags.push("u");
  const href = piece.href?.trim();
  return { text: piece.plain_text, tags, colorClass: colorClass(a.color), href: href && isSafeUrl(href) ? href : null };
}

/** True when any piece carries formatting or a link (so it must render as rich text rather than as its plain text). */
export function isFormatted(pieces: RichTextPiece[] | null | undefined): boolean {
  return (pieces ?? []).some((p) => {
    const v = pieceView(p);
    return v.tags.length > 0 || v.colorClass !== null || v.href !== null;
  });
}

/**
 * Rich-text pieces as escaped inline HTML: bold, italic, strike, underline, code, Notion's colours and safe links;
 * newlines as <br>. `links: false` leaves links out (for text inside another link, such as the header's home link).
 */
export function richTextHtml(pieces: RichTextPiece[], { links = true }: { links?: boolean } = {}): string {
  return pieces
    .map((piece) => {
      const view = pieceView(piece);
      let html = escapeHtml(view.text).replace(/\n/g, "<br>");
      for (const tag of view.tags) html = tag === "code" ? `<code class="rt-code">${html}</code>` : `<${tag}>${html}</${tag}>`;
      if (view.colorClass) html = `<span class="${view.colorClass}">${html}</span>`;
      if (links && view.href) html = `<a href="${escapeHtml(view.href)}">${html}</a>`;
      return html;
    })
    .join("");
}
