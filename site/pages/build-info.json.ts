import type { APIRoute } from "astro";

/** `/build-info.json`: when this static build ran, shown in the admin panel next to the last rebuild request. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ builtAt: new Date().toISOString() }), { headers: { "Content-Type": "application/json" } });
