import type { Context, NotFoundHandler } from "hono";
import { API_PREFIX } from "#contract/api-paths";
import type { AppEnv } from "../app-env";
import { notFound } from "../lib/errors";

/** The site's built 404 page (`dist/404.html`, with the headers the static assets give every page), answered with status 404. */
export async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const page = await c.env.ASSETS.fetch(new Request(new URL("/404", c.req.url), { method: c.req.method === "HEAD" ? "HEAD" : "GET" }));
  return new Response(page.body, { status: 404, headers: page.headers });
}

const JSON_PREFIXES = [API_PREFIX, "/media"];

/**
 * The worker sees only paths no static file matches: unknown `/api` and `/media` paths answer 404 JSON, any other path
 * the site's 404 page (which loads an item address the build did not prerender yet).
 */
export const siteNotFound: NotFoundHandler<AppEnv> = (c) => {
  const path = c.req.path;
  if (JSON_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return notFound(c);
  return notFoundPage(c);
};
