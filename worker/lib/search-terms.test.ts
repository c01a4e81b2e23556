import { describe, expect, it } from "vitest";
import { fullTitleExpression, matchExpression, namesExpression, searchTerms } from "./search-terms";

const match = (text: string) => matchExpression(searchTerms(text).words);

describe("matchExpression", () => {
  it("quotes every word as a prefix term, all words required", () => {
    expect(match("mills castle")).toBe('"mills"* AND "castle"*');
  });

  it("keeps FTS5 syntax characters and operators literal inside quoted strings", () => {
    expect(match('near(ab cd) "x" c* ^d e:f and or')).toBe(
      '"near(ab"* AND "cd)"* AND """x""" AND "c*" AND "^d" AND "e:f" AND "and"* AND "or"*',
    );
  });

  it("matches a word with a code symbol as written in the codes column, and as a phrase when it has several tokens", () => {
    expect(match("5¢")).toBe('codes : "5\ue012"*');
    expect(match("#a-113")).toBe('(codes : "\ue010a\ue011113"* OR "#a-113"*)');
  });

  it("never expands a one-character last token as a prefix", () => {
    expect(match("a 7 é")).toBe('"a" AND "7" AND "é"');
    expect(match("rol'a")).toBe('"rol\'a"');
    expect(match("rol-a")).toBe('(codes : "rol\ue011a"* OR "rol-a")');
    expect(match("#")).toBe('codes : "\ue010"');
    expect(match("e\u0301t")).toBe('"e\u0301t"*');
  });

  it("drops words with nothing searchable, giving null when none is left", () => {
    expect(match('" * ( ) : ^')).toBeNull();
    expect(match("watl ()")).toBe('"watl"*');
  });

  it("ignores private-use characters typed by the visitor (they are the index's own encoding)", () => {
    expect(match("ab\ue012")).toBe('"ab"*');
  });
});

describe("searchTerms", () => {
  it("counts a word once however it is repeated, cased, accented or punctuated", () => {
    const terms = searchTerms("mills caillé mills, caille (mills) castle");
    expect(terms.words.map((w) => w.word)).toEqual(["mills", "caillé", "castle"]);
    expect(terms.ignored).toEqual([]);
  });

  it("uses words while their terms fit in ten and lists the rest as ignored, in order", () => {
    const words = Array.from({ length: 14 }, (_, i) => `w${i}`);
    const terms = searchTerms(words.join(" "));
    expect(terms.words.map((w) => w.word)).toEqual(words.slice(0, 10));
    expect(terms.ignored).toEqual(words.slice(10));
  });

  it("counts each part of a word written with inner punctuation as a term", () => {
    const terms = searchTerms("rol-a-top b c d e f g h i");
    expect(terms.words.map((w) => w.word)).toEqual(["rol-a-top", "b", "c", "d", "e", "f", "g", "h"]);
    expect(terms.ignored).toEqual(["i"]);
    expect(searchTerms("a-b-c-d-e-f-g-h-i-j-k mills")).toEqual({ words: [], ignored: ["a-b-c-d-e-f-g-h-i-j-k", "mills"] });
  });
});

describe("ranking expressions", () => {
  it("matches every word's tokens in the title or maker", () => {
    expect(namesExpression(searchTerms("caille 5¢ rol-a-top #").words)).toBe('{title manufacturer} : ("caille"* AND "5" AND "rol a top"*)');
    expect(namesExpression(searchTerms("#").words)).toBeNull();
  });

  it("matches a title starting with every token in order, none as a prefix", () => {
    expect(fullTitleExpression(searchTerms("garden city novelty trade bell (19)").words)).toBe(
      'title : ^"garden city novelty trade bell 19"',
    );
    expect(fullTitleExpression(searchTerms('say "hi"').words)).toBe('title : ^"say hi"');
    expect(fullTitleExpression([])).toBeNull();
  });
});
