import type { APIRoute } from "astro";
import { newsFeed } from "../lib/build/feeds";

/** `/rss.xml`: the news posts as an RSS 2.0 feed. */
export const GET: APIRoute = async ({ site }) =>
  new Response(await newsFeed(site ?? new URL("http://127.0.0.1:8787")), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
