import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { readPageDescription } from "../data/page-descriptions";
import { fail } from "../lib/errors";
import { foldCase, slugParam } from "../lib/route-params";
import { validate } from "../lib/validate";

/** `GET /api/page-description/:section`: a section's description (e.g. navigation), through the cache. */
const pageDescriptions = new Hono<AppEnv>();

pageDescriptions.get("/:section", validate("param", z.object({ section: slugParam })), async (c) => {
  const { section } = c.req.valid("param");
  const key = await cacheKey("section", "description", foldCase(section));
  return serveCached(c, key, async () => (await readPageDescription(c.env.DB, section)) ?? fail(404, `Page description not found: ${section}`));
});

export default pageDescriptions;
