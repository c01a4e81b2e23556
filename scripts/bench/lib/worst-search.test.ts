import { describe, expect, it } from "vitest";
import { commonestWord, words, worstSearch } from "./worst-search.ts";

const items = [
  "Mills Castle Front, a 1933 machine with its original finish",
  "Jennings Chief: a 1946 machine, original",
  "Watling Rol-a-Top machine from 1935 with original finish",
];

describe("worstSearch", () => {
  it("splits words as the index does", () => {
    expect(words("Rol-a-Top 5¢ Caillé")).toEqual(["rol", "a", "top", "5", "caillé"]);
  });

  it("uses the two-character prefixes the most items share, at most ten, then repeats them and adds words past the limit", () => {
    const { q, terms } = worstSearch(items, 3);
    expect(terms).toEqual(["19", "ma", "or"]);
    expect(q).toBe("19 ma or 19 MA OR fi fr wi ca ch a 1");
  });

  it("never uses a one-character word as a term", () => {
    expect(worstSearch(["a b c", "a b"]).terms).toEqual([]);
  });
});

describe("commonestWord", () => {
  it("is the word of three letters or more the most items hold", () => {
    expect(commonestWord(items)).toBe("machine");
  });
});
