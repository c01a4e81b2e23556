import { Hono } from "hono";
import { z } from "zod";
import type { SearchResult } from "#contract/search";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { cachedBody, serveCached } from "../cache/serve";
import { searchItems } from "../data/search";
import { canonicalSearchQuery, searchQuerySchema } from "../lib/search-query";
import { utf8Query, validate } from "./lib/validate";

/** `GET /api/search?q=`: full-text search over every catalogue category, through the cache. */
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
  return serveCached<SearchResult>(c, await cacheKey("search", canonicalSearchQuery(q)), async () => {
    // The search's first page, when cached, knows its total: a page past the last is then answered without a query.
    const first = q.page > 1 ? await cachedBody(c, await cacheKey("search", canonicalSearchQuery({ ...q, page: 1 }))) : null;
    return searchItems(c.env.DB, q, totalOf(first));
  });
});

export default search;
