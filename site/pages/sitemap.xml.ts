import type { APIRoute } from "astro";
import { sitemapEntries, sitemapXml } from "../lib/build/site-map";

/** `/sitemap.xml`: every public page of this build, each item once at its canonical address with its last edit time. */
export const GET: APIRoute = async ({ site }) => {
  const xml = sitemapXml(await sitemapEntries(), site ?? new URL("http://127.0.0.1:8787"));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
