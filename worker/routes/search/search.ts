import { Hono } from "hono";
import { z } from "zod";
import type { SearchResult } from "#contract/search";
import type { AppEnv } from "../../app-env";
import { cacheKey } from "../../cache/keys";
import { API_CACHE_CONTROL, cachedBody, serveCached } from "../../cache/serve";
import { searchItems } from "../../data/search";
import { isPastLastPage, PastLastPage } from "../../lib/listing-query";
import { canonicalSearchQuery, searchQuerySchema } from "../../lib/search-query";
import { utf8Query, validate } from "../lib/validate";

/** `GET /api/search?q=`: full-text search over every catalogue category, through the cache (never a page past the last). */
const search = new Hono<AppEnv>();

const cachedTotal = z.object({ total: z.number().int().min(0) });

/** The total a cached answer holds, or null. */
function totalOf(body: string | null): number | null {
  if (body === null) return null;
  try {
    return cachedTotal.safeParse(JSON.parse(body)).data?.total ?? null;
  } catch {
    return null;
  }
}

search.get("/", utf8Query, validate("query", searchQuerySchema), async (c) => {
  const q = c.req.valid("query");
  try {
    return await serveCached<SearchResult>(c, await cacheKey("search", canonicalSearchQuery(q)), async () => {
      // The search's first page, when cached, knows its total: a page past the last is then answered without a query.
      const first = q.page > 1 ? await cachedBody(c, await cacheKey("search", canonicalSearchQuery({ ...q, page: 1 }))) : null;
      const result = await searchItems(c.env.DB, q, totalOf(first));
      if (isPastLastPage(q.page, result.pagination.totalPages)) throw new PastLastPage(result);
      return result;
    });
  } catch (err) {
    if (err instanceof PastLastPage) {
      return c.json<SearchResult>(err.answer as SearchResult, 200, { "Cache-Control": API_CACHE_CONTROL, "X-Cache": "BYPASS" });
    }
    throw err;
  }
});

export default search;
