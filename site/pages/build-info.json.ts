import type { APIRoute } from "astro";
import { itemCount } from "../lib/build/site-map";

/** `/build-info.json`: when this static build ran and how many catalogue items it rendered, shown in the admin panel next to the last rebuild request. */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ builtAt: new Date().toISOString(), items: await itemCount() }), { headers: { "Content-Type": "application/json" } });
