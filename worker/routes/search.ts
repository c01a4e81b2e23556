import { Hono } from "hono";
import type { SearchResult } from "#contract/search";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { searchItems } from "../data/search";
import { canonicalSearchQuery, searchQuerySchema } from "../lib/search-query";
import { validate } from "../lib/validate";

/** `GET /api/search?q=`: full-text search over every catalogue category, through the cache. */
const search = new Hono<AppEnv>();

search.get("/", validate("query", searchQuerySchema), async (c) => {
  const q = c.req.valid("query");
  return serveCached<SearchResult>(c, await cacheKey("search", canonicalSearchQuery(q)), () => searchItems(c.env.DB, q));
});

export default search;
