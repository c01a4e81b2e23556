import type { ContentBlock } from "#contract/public-api";
import { escapeHtml, isBlank, isFormatted, richTextHtml } from "../rich-text";

/**
 * A content block's text as inline HTML when Notion formatted it (bold, italic, colours, links), else null so the
 * caller renders its plain text. `links: false` for text that sits inside a link of its own (home, tel:, mailto:).
 */
export function formattedHtml(block: ContentBlock | null, { links = true }: { links?: boolean } = {}): string | null {
  const pieces = block?.richText;
  if (!pieces || isBlank(pieces) || !isFormatted(pieces)) return null;
  return richTextHtml(pieces, { links });
}

/** A contact detail (phone, email) as inline HTML inside its tel:/mailto: link: Notion's formatting without links, else the escaped text. */
export function contactHtml(block: ContentBlock | null, text: string): string {
  return formattedHtml(block, { links: false }) ?? escapeHtml(text);
}
