import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { readImage } from "../data/images";
import { fail } from "../lib/errors";
import { foldCase, slugParam } from "../lib/route-params";
import { validate } from "../lib/validate";

/** `GET /api/images/:key`: one image record (e.g. header_main_image, background-texture), through the cache. */
const images = new Hono<AppEnv>();

images.get("/:key", validate("param", z.object({ key: slugParam })), async (c) => {
  const { key } = c.req.valid("param");
  return serveCached(c, await cacheKey("images", foldCase(key)), async () => (await readImage(c.env.DB, key)) ?? fail(404, `Image not found: ${key}`));
});

export default images;
