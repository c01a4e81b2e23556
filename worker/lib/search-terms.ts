import { SEARCH_MAX_TERMS } from "#contract/search-address";
import { encodeSymbols } from "./search-text";

/** Shortest last token matched as a prefix: the index keeps prefixes of 2 and 3 characters, a 1-character prefix would expand over all of it. */
const MIN_PREFIX_LENGTH = 2;

/** One word of a search: as written (lowercase), its index tokens, and its code-symbol form when it has one. */
export type SearchWord = { word: string; tokens: string[]; code: string | null };

/** The words a search uses, at most SEARCH_MAX_TERMS terms, each once; `ignored` holds the words past that limit. */
export type SearchTerms = { words: SearchWord[]; ignored: string[] };

/** Runs of letters, digits and marks: unicode61's tokens as the query sees them (code symbols and private-use characters split them). */
const tokensOf = (text: string) => text.split(/[^\p{L}\p{N}\p{M}]+/u).filter((t) => /[\p{L}\p{N}]/u.test(t));
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");
/** `*` when the last token of `text` is long enough to be matched as a prefix. */
const prefix = (tokens: string[]) => ([...folded(tokens.at(-1) ?? "")].length >= MIN_PREFIX_LENGTH ? "*" : "");

function searchWord(word: string): SearchWord | null {
  // Private-use characters are the index's own symbol encoding: never the visitor's.
  const plain = word.replace(/\p{Co}/gu, "");
  const tokens = tokensOf(plain);
  const encoded = encodeSymbols(plain);
  if (encoded === plain) return tokens.length ? { word: plain, tokens, code: null } : null;
  // A code symbol word ("5¢", "#A-113", "#") is one token of the `codes` column, symbols included.
  return { word: plain, tokens, code: encoded };
}

/**
 * The words of a normalised search text (lowercase, single spaces): each distinct word once (case and diacritics
 * aside), those with nothing searchable dropped, then words in order while their terms fit in SEARCH_MAX_TERMS.
 */
export function searchTerms(text: string): SearchTerms {
  const seen = new Set<string>();
  const words: SearchWord[] = [];
  const ignored: string[] = [];
  let used = 0;
  for (const raw of text.split(" ")) {
    const word = searchWord(raw);
    // Words that search the same (case, diacritics, punctuation around them aside) count once.
    const key = word && folded(`${word.code ?? ""} ${word.tokens.join(" ")}`);
    if (!word || !key || seen.has(key)) continue;
    seen.add(key);
    const cost = Math.max(1, word.tokens.length);
    if (ignored.length === 0 && used + cost <= SEARCH_MAX_TERMS) {
      words.push(word);
      used += cost;
    } else ignored.push(word.word);
  }
  return { words, ignored };
}

/** One word's FTS5 term: quoted strings only (no character of the visitor's is FTS5 syntax), the last token a prefix when long enough. */
function term({ word, tokens, code }: SearchWord): string {
  if (code === null) return `${phrase(word)}${prefix(tokens)}`;
  // The code form is one token: "5¢" is `5` + a private-use character, long enough; a lone "#" is not.
  const codeTerm = `codes : ${phrase(code)}${prefix([code])}`;
  // When its letters make several tokens (as in "Rol-A-Top" or "#A-113"), the same tokens as a phrase anywhere.
  return tokens.length >= 2 ? `(${codeTerm} OR ${phrase(word)}${prefix(tokens)})` : codeTerm;
}

/** The MATCH expression requiring every word, or null when there is none. */
export function matchExpression(words: SearchWord[]): string | null {
  return words.length ? words.map(term).join(" AND ") : null;
}

/** MATCH expression of the rows whose title or manufacturer hold every word's tokens (for ranking), or null. */
export function namesExpression(words: SearchWord[]): string | null {
  const terms = words.filter((w) => w.tokens.length).map((w) => `${phrase(w.tokens.join(" "))}${prefix(w.tokens)}`);
  return terms.length ? `{title manufacturer} : (${terms.join(" AND ")})` : null;
}

/** MATCH expression of the rows whose title starts with every token of the search in order, none as a prefix (a title typed in full), or null. */
export function fullTitleExpression(words: SearchWord[]): string | null {
  const tokens = words.flatMap((w) => w.tokens);
  return tokens.length ? `title : ^${phrase(tokens.join(" "))}` : null;
}
