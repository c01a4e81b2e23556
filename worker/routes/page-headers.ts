import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { readPageHeader } from "../data/page-headers";
import { fail } from "../lib/errors";
import { foldCase, slugParam } from "../lib/route-params";
import { validate } from "../lib/validate";

/** `GET /api/page-headers/:pageId`: a page's header title and icon type, through the cache. */
const pageHeaders = new Hono<AppEnv>();

pageHeaders.get("/:pageId", validate("param", z.object({ pageId: slugParam })), async (c) => {
  const { pageId } = c.req.valid("param");
  const key = await cacheKey("section", "header", foldCase(pageId));
  return serveCached(c, key, async () => (await readPageHeader(c.env.DB, pageId)) ?? fail(404, `Page header not found: ${pageId}`));
});

export default pageHeaders;
