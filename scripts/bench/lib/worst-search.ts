/**
 * The costliest search the worker's rules allow on a catalogue, for `bench:search`: every word a two-character prefix
 * (one character is matched whole, never as a prefix) shared by the most items, as many as the 10-term limit uses,
 * then the same words again in capitals (counted once) and more words past the limit (ignored).
 */

/** Words of an item's text as the index splits them: runs of letters and digits, lowercase. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Values of `key` ranked by how many items have one, most first (ties in alphabetical order). */
function byItems(texts: string[], keys: (text: string) => Iterable<string>): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) for (const key of new Set(keys(text))) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([key]) => key);
}

/** The worst search text for items whose searchable texts are `texts`, and the terms the worker will use of it. */
export function worstSearch(texts: string[], maxTerms = 10): { q: string; terms: string[] } {
  const prefixes = byItems(texts, (text) => words(text).flatMap((w) => ([...w].length >= 2 ? [[...w].slice(0, 2).join("")] : [])));
  const terms = prefixes.slice(0, maxTerms);
  const ignored = [...prefixes.slice(maxTerms, maxTerms + 5), "a", "1"];
  return { q: [...terms, ...terms.map((t) => t.toUpperCase()), ...ignored].join(" "), terms };
}

/** The word of three letters or more that the most items hold: a plain search reaching as far as the worst one. */
export function commonestWord(texts: string[]): string {
  return byItems(texts, (text) => words(text).filter((w) => /^\p{L}{3,}$/u.test(w)))[0] ?? "";
}
