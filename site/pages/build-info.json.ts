import type { APIRoute } from "astro";
import { itemCounts } from "../lib/build/site-map";

/**
 * `/build-info.json`: when this static build ran and how many catalogue items it rendered (in all and per category),
 * shown in the admin panel next to the last rebuild request; the next build's shrink guard compares against it.
 */
export const GET: APIRoute = async () => {
  const categories = await itemCounts();
  const items = Object.values(categories).reduce((a, b) => a + b, 0);
  return new Response(JSON.stringify({ builtAt: new Date().toISOString(), items, categories }), {
    headers: { "Content-Type": "application/json" },
  });
};
