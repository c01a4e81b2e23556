import type { APIRoute } from "astro";
import { itemCounts } from "../lib/build/site-map";
import { catalogueState } from "../lib/build/publication";

/**
 * `/build-info.json`: when this static build ran, how many catalogue items it rendered (in all and per category), and
 * `nothingPublished` in a new site's first-run build; shown in the admin panel next to the last rebuild request, and
 * the next build's shrink guard compares against it.
 */
export const GET: APIRoute = async () => {
  const [categories, state] = await Promise.all([itemCounts(), catalogueState()]);
  const items = Object.values(categories).reduce((a, b) => a + b, 0);
  const firstRun = state === "never-published" ? { nothingPublished: true } : {};
  return new Response(JSON.stringify({ builtAt: new Date().toISOString(), items, categories, ...firstRun }), {
    headers: { "Content-Type": "application/json" },
  });
};
