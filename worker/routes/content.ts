import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { readContent } from "../data/content";
import { fail } from "../lib/errors";
import { foldCase, slugParam } from "../lib/route-params";
import { validate } from "../lib/validate";

/** `GET /api/content/:key`: one Site Content block (e.g. banner_message), through the cache. */
const content = new Hono<AppEnv>();

content.get("/:key", validate("param", z.object({ key: slugParam })), async (c) => {
  const { key } = c.req.valid("param");
  return serveCached(c, await cacheKey("content", foldCase(key)), async () => (await readContent(c.env.DB, key)) ?? fail(404, `Content not found: ${key}`));
});

export default content;
