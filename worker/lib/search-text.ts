import type { SnippetSegment } from "#contract/search";

/**
 * The text conventions shared by the search index (SQL, at sync) and the search query (JS, per request): symbols
 * that part numbers and prices are written with, stored as private-use characters so FTS5's unicode61 tokenizer
 * (which keeps private-use characters inside tokens but splits on punctuation) sees "5¢" and "#A-113" as one token.
 */

/** Symbols kept inside a token in the `codes` column, in private-use order from CODE_BASE. */
const CODE_SYMBOLS = ["#", "-", "¢", "$", ".", "/", "&", "+", "°", "£", "€", "%"] as const;

/** First private-use code point of the symbol encoding (U+E000 and U+E001 are the snippet markers). */
const CODE_BASE = 0xe010;

/** Marks the start of a matched stretch in an FTS5 snippet. */
export const MATCH_START = "\ue000";
/** Marks the end of a matched stretch in an FTS5 snippet. */
export const MATCH_END = "\ue001";

/** `text` with every CODE_SYMBOLS character replaced by its private-use character. */
export function encodeSymbols(text: string): string {
  let out = text;
  CODE_SYMBOLS.forEach((symbol, i) => {
    out = out.replaceAll(symbol, String.fromCharCode(CODE_BASE + i));
  });
  return out;
}

/** The inverse of encodeSymbols (for snippets taken from the `codes` column). */
export function decodeSymbols(text: string): string {
  return text.replace(/[\ue010-\ue01f]/g, (c) => CODE_SYMBOLS[c.charCodeAt(0) - CODE_BASE] ?? "");
}

/** SQL applying encodeSymbols to the SQL expression `expr` (nested replace(); the symbols hold no quote). */
export function encodeSymbolsSql(expr: string): string {
  return CODE_SYMBOLS.reduce((sql, symbol, i) => `replace(${sql}, '${symbol}', char(${CODE_BASE + i}))`, expr);
}

/** An FTS5 snippet marked with MATCH_START/MATCH_END as segments of plain text, symbols decoded, empty stretches dropped. */
export function snippetSegments(snippet: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  for (const part of snippet.split(/([\ue000\ue001])/)) {
    if (part === MATCH_START) match = true;
    else if (part === MATCH_END) match = false;
    else if (part) {
      const text = decodeSymbols(part);
      const last = segments[segments.length - 1];
      if (last && last.match === match) last.text += text;
      else segments.push({ text, match });
    }
  }
  return segments;
}
