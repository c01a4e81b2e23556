import { beforeAll, describe, expect, it } from "vitest";
import { SearchResultSchema } from "#contract/search";
import { seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";
import { indexCategory } from "../../test/search-index";

/** mulberry32: a small seeded generator, so every run sends the same requests and a failure names one to replay. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const hex = (bytes: number[]) => bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
/** A lone surrogate's bytes as UTF-8 would write it (ED A0 80 for U+D800): not UTF-8 at all. */
const surrogateBytes = (unit: number) => hex([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]);

/** Pieces of query text by class, already written as they appear in a query string. */
const CLASSES: Record<string, (pick: <T>(list: T[]) => T) => string> = {
  letters: (pick) => encodeURIComponent(pick(["mills", "Castle", "bell", "a", "Ab", "jennings", "5", "1933", "x"])),
  c0: (pick) => hex([pick([0, 1, 7, 8, 9, 10, 13, 27, 31])]),
  nul: () => "%00",
  delAndC1: (pick) => pick(["%7F", "%C2%80", "%C2%85", "%C2%9F", "%C2%A0"]),
  loneHigh: (pick) => surrogateBytes(pick([0xd800, 0xd83d, 0xdbff])),
  loneLow: (pick) => surrogateBytes(pick([0xdc00, 0xde00, 0xdfff])),
  invalidBytes: (pick) => pick(["%FF", "%FE", "%C0%80", "%C3", "%E2%82", "%F0%9F%98", "%F4%90%80%80", "%80", "%BF"]),
  brokenPercent: (pick) => pick(["%", "%2", "%G1", "%%", "100%"]),
  combining: (pick) => encodeURIComponent(pick(["e", "", "a"]) + pick(range(0x300, 0x36f)).repeat(1 + Math.floor(pick([1, 3, 20])))),
  rtl: (pick) => encodeURIComponent(pick(["שלום", "مرحبا", "\u202e", "\u200f", "\u061c", "abc\u202edef"])),
  emoji: (pick) => encodeURIComponent(pick(["😀", "👍🏽", "👨‍👩‍👧", "🇬🇧", "🪙", "\u200d", "\ufe0f"])),
  fts5: (pick) =>
    encodeURIComponent(
      pick(['"', "*", "^", ":", "(", ")", "-", "+", "{", "}", "NEAR", "AND", "OR", "NOT", "title:", "codes :", "NEAR/2", '"x']),
    ),
  codeSymbols: (pick) => encodeURIComponent(pick(["#", "¢", "$", ".", "/", "&", "°", "£", "€", "%", "#A-113", "5¢"])),
  privateUse: (pick) => encodeURIComponent(pick(["\ue000", "\ue001", "\ue010", "\ue012x", "\uf8ff", "\ufffe", "\uffff", "\u{10fffd}"])),
  newScripts: (pick) => encodeURIComponent(pick(["\u{1e290}\u{1e291}", "\u{11f04}", "\u{1f7d9}", "ꭰ", "\u0d81"])),
  spaces: (pick) => pick(["+", "%20", "%09", "%0A", "%E2%80%A8", "%E3%80%80", "%C2%A0"]),
  cjk: (pick) => encodeURIComponent(pick(["日本", "機械", "한국어", "中"])),
};

/** One generated `q`: a few pieces, a long run of one piece, or hundreds of words. */
function generatedQuery(next: () => number): string {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const names = Object.keys(CLASSES);
  const piece = () => CLASSES[pick(names)]!(pick);
  const shape = next();
  if (shape < 0.1) return Array.from({ length: 200 + Math.floor(next() * 1000) }, piece).join("+");
  if (shape < 0.2) return piece().repeat(50 + Math.floor(next() * 2000));
  return Array.from({ length: 1 + Math.floor(next() * 12) }, () => piece() + (next() < 0.5 ? "+" : "")).join("");
}

function generatedParams(next: () => number): string {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const extra = [
    pick(["", "&page=1", "&page=2", "&page=999999", "&page=0", "&page=%00", "&page=1e3"]),
    pick(["", "&limit=1", "&limit=50", "&limit=51"]),
    pick(["", "&category=slots", "&category=%00", "&forSale=true", "&forSale=%FF"]),
  ];
  return extra.join("");
}

const RUNS = 300;

beforeAll(async () => {
  await freshCache();
  await seedCategory("slots", [
    { title: "Mills Castle Front 5¢", manufacturer: "Mills", year: 1933, for_sale: 1, price: 4500, description: "Cast front, 5¢ play." },
    { title: "Jennings Chief", manufacturer: "Jennings", year: 1946, for_sale: 0, description: "שלום 日本 😀 chrome." },
  ]);
  await seedCategory("parts", [{ title: "Award card", manufacturer: "Mills", year: 1933, part_number: "#A-113" }]);
  await Promise.all([indexCategory("slots"), indexCategory("parts")]);
});

describe("GET /api/search fuzzed over code-point classes", () => {
  // About 300 requests, each a search of D1: more than vitest's 5 s default allows on a busy machine, hence the longer limit.
  it(`answers ${RUNS} generated queries (seed 17) with results or a 400 JSON error, never 5xx`, { timeout: 60_000 }, async () => {
    const next = random(17);
    const fixed = [`q=${"a".repeat(10_240)}`, `q=${Array.from({ length: 1000 }, (_, i) => `w${i}`).join("+")}`, "q=a%00b", "q=%00"];
    const queries = [...fixed, ...Array.from({ length: RUNS }, () => `q=${generatedQuery(next)}${generatedParams(next)}`)];
    for (const query of queries) {
      const res = await get<Record<string, unknown>>(`/api/search?${query}`);
      const label = query.length > 120 ? `${query.slice(0, 120)}… (${query.length} characters)` : query;
      expect(res.status, label).toBeLessThan(500);
      expect([200, 400], label).toContain(res.status);
      if (res.status === 400) {
        expect(Object.keys(res.body), label).toEqual(["error"]);
        expect(res.body.error, label).toMatch(/^Invalid (q|page|limit|category|forSale): /);
        continue;
      }
      const body = SearchResultSchema.parse(res.body);
      expect(body.query, label).not.toMatch(/[\p{Cc}\p{Cs}]/u);
      expect(body.query, label).toBe(body.query.toLowerCase());
      expect(body.items.length, label).toBeLessThanOrEqual(body.pagination.limit);
      expect(body.pagination.totalPages, label).toBe(Math.ceil(body.total / body.pagination.limit));
    }
  });
});
