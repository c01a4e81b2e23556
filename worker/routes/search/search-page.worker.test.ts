import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { SEARCH_ANSWER_ID, searchApiPath, searchStateFrom } from "#contract/search-address";
import worker from "../../index";
import { json, seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";
import { indexCategory } from "../../test/search-index";

// The static assets are the platform's: a stand-in serving the prerendered search page as the asset server does.
const BUILT_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><script>/* head script */</script></head><body><main></main></body></html>';
const assets = {
  fetch: async (request: Request) =>
    new URL(request.url).pathname === "/search"
      ? new Response(BUILT_PAGE, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"built"', "X-Frame-Options": "DENY" } })
      : new Response("Not found", { status: 404 }),
} as unknown as Fetcher;

async function page(address: string, method = "GET"): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${address}`, { method }), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The answer the page carries first in its <head>, with the request it answers; null when it carries none. */
function inlined(html: string): { path: string; answer: unknown } | null {
  const match = new RegExp(
    `^<!doctype html><html><head><script type="application/json" id="${SEARCH_ANSWER_ID}" data-path="([^"]*)">(.*?)</script><meta`,
  ).exec(html);
  if (!match) return null;
  return { path: match[1]!.replaceAll("&amp;", "&"), answer: JSON.parse(match[2]!) };
}

beforeEach(async () => {
  await freshCache();
  await seedCategory("slots", [
    {
      title: "Mills Castle Front </script><script>alert(1)</script>",
      manufacturer: "Mills",
      year: 1933,
      for_sale: 1,
      price: 4500,
      description: "Turreted front & gooseneck coin entry.",
      main_image: json(["/media/notion/a/castle.png"]),
    },
    { title: "Watling Rol-a-Top", manufacturer: "Watling", year: 1935, for_sale: 0, price: null, description: "Cascading coin front." },
  ]);
  await indexCategory("slots");
});

describe("GET /search", () => {
  it("puts the API's own answer to the page's first request first in <head>, escaped so no markup in it can run", async () => {
    const address = "?q=mills&category=slots&forSale=true";
    const res = await page(`/search${address}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const path = searchApiPath(searchStateFrom(address));
    const api = await get(path);
    expect(inlined(html)).toEqual({ path, answer: api.body });
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain("<script>/* head script */</script></head><body><main></main></body></html>");
  });

  it("is revalidated every time and keeps the asset server's other headers, not its ETag", async () => {
    const res = await page("/search?q=watling");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
    expect(res.headers.get("ETag")).toBeNull();
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("serves the page as built without a q, or when the search answers other than 200", async () => {
    for (const address of ["/search", "/search?q=", "/search?category=slots", `/search?q=${"\u0000".repeat(3)}`]) {
      const res = await page(address);
      expect(res.status, address).toBe(200);
      expect(await res.text(), address).toBe(BUILT_PAGE);
      expect(res.headers.get("ETag"), address).toBe('"built"');
    }
  });

  it("runs no search for a HEAD request", async () => {
    const res = await page("/search?q=mills", "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).toBe('"built"');
  });

  it("answers a page past the last with that page's (empty) answer", async () => {
    const html = await (await page("/search?q=mills&page=9")).text();
    expect(inlined(html)?.answer).toMatchObject({ items: [], total: 1 });
  });
});
