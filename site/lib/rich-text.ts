import type { RichTextPieceData } from "./schemas";
import { isSafeUrl } from "./safe-url";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** HTML-escapes text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The concatenated plain text of rich-text pieces. */
export function plainText(pieces: RichTextPieceData[] | null | undefined): string {
  return (pieces ?? []).map((p) => p.plain_text ?? "").join("");
}

/** True when rich text (or its fallback text) has nothing but whitespace. */
export function isBlank(pieces: RichTextPieceData[] | null | undefined, fallback?: string | null): boolean {
  return plainText(pieces).trim() === "" && (fallback ?? "").trim() === "";
}

/** Rich-text pieces as escaped inline HTML (bold, italic, strike, underline, code, safe links; newlines as <br>). */
export function richTextHtml(pieces: RichTextPieceData[]): string {
  return pieces
    .map((piece) => {
      let html = escapeHtml(piece.plain_text ?? "").replace(/\n/g, "<br>");
      const a = piece.annotations ?? {};
      if (a.code) html = `<code>${html}</code>`;
      if (a.bold) html = `<strong>${html}</strong>`;
      if (a.italic) html = `<em>${html}</em>`;
      if (a.strikethrough) html = `<s>${html}</s>`;
      if (a.underline) html = `<u>${html}</u>`;
      if (piece.href && isSafeUrl(piece.href)) html = `<a href="${escapeHtml(piece.href)}">${html}</a>`;
      return html;
    })
    .join("");
}

/** Plain text of a small HTML fragment (tags dropped, basic entities decoded), e.g. for meta descriptions. */
export function htmlToText(html: string): string {
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };
  return html.replace(/<[^>]+>/g, "").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => entities[e]);
}
