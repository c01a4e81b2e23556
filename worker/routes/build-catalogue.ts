import { Hono } from "hono";
import type { CataloguePage } from "#contract/public-api";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { catalogueAfter } from "../data/catalogue-pages";
import { NotSyncedError } from "../tables/not-synced";
import { isCategoryId } from "#contract/categories";
import { fail } from "../lib/errors";
import { notionIdParam } from "./lib/route-params";
import { validate } from "./lib/validate";

/**
 * `GET /api/build/catalogue/:category?after={id}`: every item of a category for the site build, 500 per answer in id order
 * with `next` to read on from; straight from D1 (no KV copy: the build reads each slice once per build).
 */
const buildCatalogue = new Hono<AppEnv>();

const query = z.object({ after: notionIdParam.optional() });

buildCatalogue.get("/catalogue/:category", validate("query", query), async (c) => {
  const category = c.req.param("category");
  if (!isCategoryId(category)) fail(404, `Unknown category: ${category}`);
  try {
    return c.json<CataloguePage>(await catalogueAfter(c.env.DB, category, c.req.valid("query").after ?? null), 200, {
      "Cache-Control": "no-store",
    });
  } catch (err) {
    if (err instanceof NotSyncedError) fail(503, err.message);
    throw err;
  }
});

export default buildCatalogue;
