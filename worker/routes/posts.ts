import { Hono } from "hono";
import type { Post } from "#contract/public-api";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { listPosts } from "../data/posts";
import { POST_SECTIONS } from "#contract/categories";
import { fail } from "../lib/errors";
import { foldCase, slugParam } from "./lib/route-params";
import { validate } from "./lib/validate";

/** `GET /api/posts/section/:section`: a section's posts by ascending display order, through the cache. */
const posts = new Hono<AppEnv>();

posts.get("/section/:section", validate("param", z.object({ section: slugParam })), async (c) => {
  const requested = c.req.valid("param").section;
  const section = foldCase(requested);
  if (!(POST_SECTIONS as readonly string[]).includes(section)) fail(404, `Unknown post section: ${requested}`);
  return serveCached<Post[]>(c, await cacheKey("section", "posts", section), () => listPosts(c.env.DB, section));
});

export default posts;
