import type { APIRoute } from "astro";
import { publicPaths } from "../lib/build/site-map";

/** `/sitemap.xml`: every public page of this build. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL("http://127.0.0.1:8787");
  const lastmod = new Date().toISOString();
  const urls = (await publicPaths()).map(
    (path) => `  <url><loc>${new URL(path, base).toString().replace(/&/g, "&amp;")}</loc><lastmod>${lastmod}</lastmod></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
