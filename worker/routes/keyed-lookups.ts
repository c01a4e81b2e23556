import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import type { CacheType } from "#contract/cache";
import { cacheKey } from "../cache/keys";
import { serveCached } from "../cache/serve";
import { readContent } from "../data/content";
import { readImage } from "../data/images";
import { readPageDescription } from "../data/page-descriptions";
import { readPageHeader } from "../data/page-headers";
import { fail } from "../lib/errors";
import { foldCase, slugParam } from "./lib/route-params";
import { validate } from "./lib/validate";

/** What a keyed lookup route reads: its path parameter, cache key, what a miss is called, and the read itself. */
export type KeyedLookup = {
  /** The path parameter's name (`key`, `section`...), as validation errors name it. */
  param: string;
  /** The cache key's type and leading parts; the case-folded parameter is the last part. */
  cache: [CacheType, ...string[]];
  /** The 404 message's subject: "`<notFound>` not found: `<value>`". */
  notFound: string;
  /** The record for the parameter, or null when there is none. */
  read: (db: D1Database, value: string) => Promise<unknown>;
};

/** `GET /:param`: the parameter checked as a slug, the record read through the cache, 404 `{ error }` when missing. */
export function keyedLookup({ param, cache, notFound, read }: KeyedLookup): Hono<AppEnv> {
  const route = new Hono<AppEnv>();
  route.get(`/:${param}`, validate("param", z.object({ [param]: slugParam })), async (c) => {
    // Always there: the validator has checked it.
    const value = c.req.valid("param")[param] ?? "";
    const key = await cacheKey(...cache, foldCase(value));
    return serveCached(c, key, async () => (await read(c.env.DB, value)) ?? fail(404, `${notFound} not found: ${value}`));
  });
  return route;
}

/** `GET /api/content/:key`: one Site Content block (e.g. banner_message), through the cache. */
export const content = keyedLookup({ param: "key", cache: ["content"], notFound: "Content", read: readContent });

/** `GET /api/images/:key`: one image record (e.g. header_main_image, background-texture), through the cache. */
export const images = keyedLookup({ param: "key", cache: ["images"], notFound: "Image", read: readImage });

/** `GET /api/page-description/:section`: a section's description (e.g. navigation), through the cache. */
export const pageDescriptions = keyedLookup({
  param: "section",
  cache: ["section", "description"],
  notFound: "Page description",
  read: readPageDescription,
});

/** `GET /api/page-headers/:pageId`: a page's header title and icon type, through the cache. */
export const pageHeaders = keyedLookup({ param: "pageId", cache: ["section", "header"], notFound: "Page header", read: readPageHeader });
