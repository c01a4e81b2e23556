import { Hono } from "hono";
import type { CataloguePage, CatalogueStatus, ConfirmedRemovals } from "#contract/public-api";
import { CATEGORIES } from "#contract/categories";
import { appliedRemovals } from "../../data/removal-holds";
import { tableNameFor } from "../../tables/naming";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import { cacheKey } from "../../cache/keys";
import { serveCached } from "../../cache/serve";
import { catalogueAfter } from "../../data/catalogue-pages";
import { cataloguePublished } from "../../data/catalogue-status";
import { type CategoryId, isCategoryId } from "#contract/categories";
import { fail } from "../../lib/errors";
import { notionIdParam } from "../lib/route-params";
import { validate } from "../lib/validate";

/**
 * `GET /api/build/*`: what the site build reads, public like every page it builds. `/catalogue/:category?after={id}`:
 * every item of a category, 500 per answer in id order with `next` to read on from, served through the KV cache under
 * the current generation (the first read after a sync's purge comes from D1, every later one from KV); `/status`:
 * whether the catalogue was ever published; `/confirmed-removals`: the removals the operator confirmed (from D1).
 */
const buildCatalogue = new Hono<AppEnv>();

const query = z.object({ after: notionIdParam.optional() });

// Every item of a category, 500 per answer in id order, with `next` to read on from.
buildCatalogue.get("/catalogue/:category", validate("query", query), async (c) => {
  const category = c.req.param("category");
  if (!isCategoryId(category)) fail(404, `Unknown category: ${category}`);
  const after = c.req.valid("query").after ?? null;
  const key = await cacheKey("items", category, "all", after ?? "start");
  return serveCached<CataloguePage>(c, key, () => catalogueAfter(c.env.DB, category as CategoryId, after));
});

buildCatalogue.get("/status", async (c) =>
  c.json<CatalogueStatus>({ published: await cataloguePublished(c.env.DB) }, 200, { "Cache-Control": "no-store" }),
);

// The categories whose sharp shrink the operator confirmed in the admin panel: the build's shrink guard lets them shrink.
buildCatalogue.get("/confirmed-removals", async (c) => {
  const removals = (await appliedRemovals(c.env.DB)).flatMap((hold) => {
    const category = CATEGORIES.find((cat) => tableNameFor(cat.database) === hold.tableName);
    return category ? [{ category: category.id, appliedAt: hold.appliedAt! }] : [];
  });
  return c.json<ConfirmedRemovals>({ removals }, 200, { "Cache-Control": "no-store" });
});

export default buildCatalogue;
