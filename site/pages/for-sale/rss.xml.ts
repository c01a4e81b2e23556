import type { APIRoute } from "astro";
import { forSaleFeed } from "../../lib/build/feeds";

/** `/for-sale/rss.xml`: the items for sale as an RSS 2.0 feed. */
export const GET: APIRoute = async ({ site }) =>
  new Response(await forSaleFeed(site ?? new URL("http://127.0.0.1:8787")), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
