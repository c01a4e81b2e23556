import type { CategoryId } from "#contract/categories";
import type { SearchQuery } from "../lib/search-query";
import { fullTitleExpression, matchExpression, namesExpression } from "../lib/search-terms";
import type { SearchResult, SnippetSegment } from "#contract/search";
import { MATCH_END, MATCH_START, snippetSegments } from "../lib/search-text";
import { bool, firstUrl, num, text } from "./values";

// bm25 weights in the index's column order (title, manufacturer, description, details, body, codes): title first.
const RANK = "bm25(search_index, 10.0, 4.0, 1.0, 2.0, 0.5, 1.0)";
// Snippet columns in order of preference: the first holding a match is shown (the card shows the title already).
const SNIPPET_COLUMNS = [2, 3, 4, 0, 1, 5];
const SNIPPET_TOKENS = 16;
const NONE = "SELECT NULL AS hit WHERE 0";
/** Most titles a typed text may begin for it to count as a title typed in full (past that it is a common beginning). */
const FULL_TITLE_MAX = 100;
const SNIPPETS = SNIPPET_COLUMNS.map(
  (i) => `snippet(search_index, ${i}, '${MATCH_START}', '${MATCH_END}', '…', ${SNIPPET_TOKENS}) AS s${i}`,
);

type HitRow = Record<string, unknown> & { total: number; item_id: string | null; category: CategoryId };

function pickSnippet(row: HitRow): SnippetSegment[] {
  const snippets = SNIPPET_COLUMNS.map((i) => text(row[`s${i}`]));
  const marked = snippets.find((s) => s?.includes(MATCH_START)) ?? text(row.s2) ?? "";
  return snippetSegments(marked);
}

/**
 * The page's statement. `hits`: every match ranked once (rowid and bm25). The tiers, as rowid sets: `starts`, the titles
 * beginning with every token typed (at most FULL_TITLE_MAX + 1 read, only those then read for their length) and
 * `named`, the rows whose title or maker hold every word. `shown`: the page, sorted tier first; `page`: its rows looked
 * up by rowid (CROSS JOIN keeps that order: the match is not run over every hit again) with their snippets. The count
 * comes through a LEFT JOIN, so a page past the end still carries it. Parameters: ?1 match, ?2 category, ?3 for sale,
 * ?4 limit, ?5 offset, then the tiers' expressions where given.
 */
function pageSql(startsParam: string | null, namedParam: string | null): string {
  const starts = startsParam
    ? `SELECT rowid AS hit FROM search_index WHERE search_index MATCH ${startsParam} LIMIT ${FULL_TITLE_MAX + 1}`
    : NONE;
  const named = namedParam ? `SELECT rowid AS hit FROM search_index WHERE search_index MATCH ${namedParam}` : NONE;
  const order = "len IS NULL, len, unnamed, score, hit";
  return (
    `WITH hits AS MATERIALIZED (SELECT rowid AS hit, ${RANK} AS score FROM search_index ` +
    "WHERE search_index MATCH ?1 AND (?2 IS NULL OR category = ?2) AND (?3 IS NULL OR for_sale = ?3)), " +
    `starts AS MATERIALIZED (${starts}), named AS MATERIALIZED (${named}), ` +
    `shown AS (SELECT hit, score, CASE WHEN hit IN starts AND (SELECT count(*) FROM starts) <= ${FULL_TITLE_MAX} ` +
    "THEN (SELECT length(title) FROM search_index WHERE rowid = hits.hit) END AS len, hit NOT IN named AS unnamed " +
    `FROM hits ORDER BY ${order} LIMIT ?4 OFFSET ?5), ` +
    "page AS MATERIALIZED (SELECT shown.*, item_id, category, title, manufacturer, year_value, price, for_sale, main_image, " +
    `${SNIPPETS.join(", ")} FROM shown CROSS JOIN search_index ON search_index.rowid = shown.hit WHERE search_index MATCH ?1) ` +
    `SELECT total.n AS total, page.* FROM (SELECT count(*) AS n FROM hits) AS total LEFT JOIN page ORDER BY ${order}`
  );
}

/**
 * One page of the catalogue items matching the search, best first, with highlighted snippets: titles typed in full
 * (shortest title first), then items whose title or maker hold every word, then the rest, each by bm25 (title
 * weighted highest). With `knownTotal` (the search's count from another of its pages), a page past the last is
 * answered without a query.
 */
export async function searchItems(db: D1Database, q: SearchQuery, knownTotal: number | null = null): Promise<SearchResult> {
  const match = matchExpression(q.words);
  const empty = {
    query: q.query,
    ignoredTerms: q.ignoredTerms,
    items: [],
    total: 0,
    pagination: { page: q.page, limit: q.limit, totalPages: 0, totalItems: 0 },
  };
  const answer = (items: SearchResult["items"], total: number): SearchResult => ({
    ...empty,
    items,
    total,
    pagination: { ...empty.pagination, totalPages: Math.ceil(total / q.limit), totalItems: total },
  });
  if (match === null) return empty;
  if (knownTotal !== null && (q.page - 1) * q.limit >= knownTotal && q.page > 1) return answer([], knownTotal);
  const binds: unknown[] = [match, q.category ?? null, q.forSale === undefined ? null : Number(q.forSale), q.limit, (q.page - 1) * q.limit];
  // The tiers' expressions as further parameters, only when there are any (D1 refuses a parameter the SQL lacks).
  const param = (value: string | null) => (value === null ? null : `?${binds.push(value)}`);
  const { results } = await db
    .prepare(pageSql(param(fullTitleExpression(q.words)), param(namesExpression(q.words))))
    .bind(...binds)
    .all<HitRow>();
  const items = results
    .filter((row) => row.item_id !== null)
    .map((row) => ({
      id: row.item_id!,
      category: row.category,
      title: text(row.title),
      year: num(row.year_value),
      manufacturer: text(row.manufacturer),
      price: num(row.price),
      forSale: bool(row.for_sale),
      mainImageUrl: firstUrl(row.main_image),
      snippet: pickSnippet(row),
    }));
  return answer(items, Number(results[0]?.total ?? 0));
}
