import { Hono } from "hono";
import { isCategoryId } from "#contract/categories";
import { itemPagePath, parseItemAddress, type ItemSection } from "#contract/item-address";
import { ItemDetailSchema } from "#contract/public-api";
import type { AppEnv } from "../../app-env";
import { apiRateLimit } from "../../middleware/rate-limit";
import catalogue from "./catalogue";
import { notFoundPage } from "../not-found-page";

/**
 * `GET /{gallery|for-sale}/{category}/{slug}-{id}` when no built page has that address (the static assets answer every
 * address the last build wrote, without the worker): the item is looked up by the id alone (through the API's cache),
 * and any other address of it in the same section and category (a bare id, an outdated slug, an older dashed id)
 * answers 301 to its current one, the query kept (Back's listing page). Anything else (its current address not built
 * yet, an item of another category, an unknown id, a lookup that failed): the site's 404 page, whose script loads the
 * item itself and says what is wrong. One sub-app per section, mounted at `sectionPath(section)`.
 */
export function itemPages(section: ItemSection): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();
  // A lookup per request (KV, else D1): counted with /api/* under the per-client limit.
  pages.get("/:category/:address", apiRateLimit, async (c) => {
    const { category, address } = c.req.param();
    const parsed = parseItemAddress(address);
    if (!parsed || !isCategoryId(category)) return notFoundPage(c);
    const res = await catalogue.fetch(new Request(new URL(`/${category}/${parsed.id}`, c.req.url)), c.env, c.executionCtx);
    if (res.status !== 200) return notFoundPage(c);
    const item = ItemDetailSchema.parse(await res.json());
    const current = itemPagePath(section, item);
    if (item.category !== category || current === c.req.path) return notFoundPage(c);
    const url = new URL(c.req.url);
    // Not kept by browsers: a title edited back to an earlier one makes the earlier address current again.
    return c.body(null, 301, { Location: `${current}${url.search}`, "Cache-Control": "no-cache" });
  });
  return pages;
}
