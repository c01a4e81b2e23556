import type { CategoryId } from "#contract/categories";
import { type SearchQuery, matchExpression } from "../lib/search-query";
import type { SearchResult, SnippetSegment } from "#contract/search";
import { MATCH_END, MATCH_START, snippetSegments } from "../lib/search-text";
import { bool, firstUrl, num, text } from "./values";

// bm25 weights in the index's column order (title, manufacturer, description, details, body, codes): title first.
const RANK = "bm25(search_index, 10.0, 4.0, 1.0, 2.0, 0.5, 1.0)";
// Snippet columns in order of preference: the first holding a match is shown (the card shows the title already).
const SNIPPET_COLUMNS = [2, 3, 4, 0, 1, 5];
const SNIPPET_TOKENS = 16;

type HitRow = Record<string, unknown> & { item_id: string; category: CategoryId };

function pickSnippet(row: HitRow): SnippetSegment[] {
  const snippets = SNIPPET_COLUMNS.map((i) => text(row[`s${i}`]));
  const marked = snippets.find((s) => s?.includes(MATCH_START)) ?? text(row.s2) ?? "";
  return snippetSegments(marked);
}

/** One page of the catalogue items matching the search, best first (bm25, title weighted), with highlighted snippets. */
export async function searchItems(db: D1Database, q: SearchQuery): Promise<SearchResult> {
  const match = matchExpression(q.q);
  const empty = { query: q.q, items: [], total: 0, pagination: { page: q.page, limit: q.limit, totalPages: 0, totalItems: 0 } };
  if (match === null) return empty;
  const where = "search_index MATCH ?1 AND (?2 IS NULL OR category = ?2) AND (?3 IS NULL OR for_sale = ?3)";
  const binds = [match, q.category ?? null, q.forSale === undefined ? null : Number(q.forSale)];
  const snippets = SNIPPET_COLUMNS.map(
    (i) => `snippet(search_index, ${i}, '${MATCH_START}', '${MATCH_END}', '…', ${SNIPPET_TOKENS}) AS s${i}`,
  );
  // One pass over the matches: ranked once into `hits` (rowid and score only), counted and paged from it; snippets are
  // made for the page's rows only. A page past the end has no row to carry the total, so only then is it counted apart.
  const page = await db
    .prepare(
      `WITH hits AS MATERIALIZED (SELECT rowid AS hit, ${RANK} AS score FROM search_index WHERE ${where}), ` +
        `shown AS (SELECT hit, score FROM hits ORDER BY score, hit LIMIT ?4 OFFSET ?5) ` +
        `SELECT (SELECT count(*) FROM hits) AS total, item_id, category, title, manufacturer, year_value, price, for_sale, main_image, ${snippets.join(", ")} ` +
        `FROM search_index JOIN shown ON shown.hit = search_index.rowid WHERE search_index MATCH ?1 ORDER BY shown.score, shown.hit`,
    )
    .bind(...binds, q.limit, (q.page - 1) * q.limit)
    .all<HitRow>();
  const total = page.results.length
    ? Number(page.results[0].total)
    : Number(
        (
          await db
            .prepare(`SELECT count(*) AS total FROM search_index WHERE ${where}`)
            .bind(...binds)
            .first<{ total: number }>()
        )?.total ?? 0,
      );
  const items = page.results.map((row) => ({
    id: row.item_id,
    category: row.category,
    title: text(row.title),
    year: num(row.year_value),
    manufacturer: text(row.manufacturer),
    price: num(row.price),
    forSale: bool(row.for_sale),
    mainImageUrl: firstUrl(row.main_image),
    snippet: pickSnippet(row),
  }));
  return { ...empty, items, total, pagination: { ...empty.pagination, totalPages: Math.ceil(total / q.limit), totalItems: total } };
}
