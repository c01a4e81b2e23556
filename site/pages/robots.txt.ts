import type { APIRoute } from "astro";

/** `/robots.txt`: everything public except the admin panel and the API; points at the sitemap. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap.xml", site ?? "http://127.0.0.1:8787").toString();
  return new Response(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
