import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import { cacheKey } from "../../cache/keys";
import { API_CACHE_CONTROL, serveCached } from "../../cache/serve";
import { perGeneration } from "../../cache/per-generation";
import { viewSummary, ViewSummarySchema } from "../../data/filter-options";
import { findItem, listItems } from "../../data/items";
import { type CategoryId, isCategoryId } from "#contract/categories";
import type { ListingView } from "#contract/listing";
import type { ItemDetail, Listing } from "#contract/public-api";
import { fail } from "../../lib/errors";
import { canonicalListingQuery, isPastLastPage, type ListingQuery, listingQuerySchema, PastLastPage } from "../../lib/listing-query";
import { notionIdParam } from "../lib/route-params";
import { validate } from "../lib/validate";

/** `GET /api/collection/:category[/gallery|/for-sale|/:id]`: catalogue listings and items (an id of another category answers that item, its own `category` telling which), through the cache. */
const catalogue = new Hono<AppEnv>();

const knownCategory = createMiddleware<AppEnv>(async (c, next) => {
  const category = c.req.param("category") ?? "";
  if (!isCategoryId(category)) fail(404, `Unknown category: ${category}`);
  await next();
});

/**
 * Listings: for-sale pages are `featured` entries, the other views share `items` entries (same rows). The view's count
 * and filter choices are worked out once per data version (perGeneration) and shared by all its pages and filters; an
 * unfiltered page past the last is answered from them without reading a row, and no page past the last is cached.
 */
async function serveListing(c: Context<AppEnv>, view: ListingView, q: ListingQuery): Promise<Response> {
  const category = c.req.param("category") as CategoryId;
  const query = canonicalListingQuery(q);
  const key = view === "for-sale" ? await cacheKey("featured", category, query) : await cacheKey("items", category, "list", query);
  try {
    return await serveCached(c, key, async (): Promise<Listing> => {
      // Plain and gallery views hold the same rows.
      const rows = view === "for-sale" ? "for-sale" : "all";
      const { total, filter_options } = await perGeneration(c.env.CACHE, `listing:${category}:${rows}`, ViewSummarySchema, () =>
        viewSummary(c.env.DB, category, rows),
      );
      const page = await listItems(c.env.DB, category, view, q, total);
      if (isPastLastPage(q.page, page.pagination.totalPages)) throw new PastLastPage({ ...page, filter_options });
      return { ...page, filter_options };
    });
  } catch (err) {
    if (err instanceof PastLastPage)
      return c.json<Listing>(err.answer as Listing, 200, { "Cache-Control": API_CACHE_CONTROL, "X-Cache": "BYPASS" });
    throw err;
  }
}

// "/:category/*" also matches "/:category" itself.
catalogue.use("/:category/*", knownCategory);

catalogue.get("/:category", validate("query", listingQuerySchema("all")), (c) => serveListing(c, "all", c.req.valid("query")));
catalogue.get("/:category/gallery", validate("query", listingQuerySchema("gallery")), (c) =>
  serveListing(c, "gallery", c.req.valid("query")),
);
catalogue.get("/:category/for-sale", validate("query", listingQuerySchema("for-sale")), (c) =>
  serveListing(c, "for-sale", c.req.valid("query")),
);

catalogue.get("/:category/:id", validate("param", z.object({ category: z.string(), id: notionIdParam })), async (c) => {
  const { category, id } = c.req.valid("param");
  const key = await cacheKey("items", category, "id", id);
  return serveCached<ItemDetail>(
    c,
    key,
    async () => (await findItem(c.env.DB, category as CategoryId, id)) ?? fail(404, `Item not found: ${category}/${id}`),
  );
});

export default catalogue;
