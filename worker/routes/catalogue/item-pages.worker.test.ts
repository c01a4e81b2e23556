import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { compactId } from "#contract/item-address";
import worker from "../../index";
import { seedCategory } from "../../test/fixtures";
import { freshCache } from "../../test/http";

// The static assets are the platform's: a stand-in holding the built 404 page, as the asset server answers `/404`.
const NOT_FOUND_HTML = "<!doctype html><title>404 Page Not Found</title><main>item fallback</main>";
let assetRequests: string[] = [];
const assets = {
  fetch: async (request: Request) => {
    const { pathname } = new URL(request.url);
    assetRequests.push(`${request.method} ${pathname}`);
    return pathname === "/404"
      ? new Response(request.method === "HEAD" ? null : NOT_FOUND_HTML, {
          headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'self'" },
        })
      : new Response("Not found", { status: 404 });
  },
} as unknown as Fetcher;

async function visit(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let castle: { id: string };
let baffle: { id: string };
let castleHex: string;

beforeEach(async () => {
  assetRequests = [];
  await freshCache();
  [castle] = (await seedCategory("slots", [{ title: "Mills Castle Front 5¢", for_sale: 1, price: 4850 }])) as [{ id: string }];
  [baffle] = (await seedCategory("arcades", [{ title: "Baffle Ball", for_sale: 0 }])) as [{ id: string }];
  castleHex = compactId(castle.id);
});

describe("an item's other addresses", () => {
  it("answer 301 to its current address: a bare id, the dashed id of older links, and an outdated slug, the query kept", async () => {
    const current = `/for-sale/slots/mills-castle-front-5-${castleHex}`;
    for (const old of [castleHex, castle.id, `mills-castle-front-${castleHex}`, `an-old-title-${castleHex.toUpperCase()}`]) {
      const res = await visit(`/for-sale/slots/${old}?from=for-sale&page=3`);
      expect(res.status, old).toBe(301);
      expect(res.headers.get("Location"), old).toBe(`${current}?from=for-sale&page=3`);
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
    }
    const gallery = await visit(`/gallery/slots/${castleHex}`);
    expect([gallery.status, gallery.headers.get("Location")]).toEqual([301, `/gallery/slots/mills-castle-front-5-${castleHex}`]);
  });

  it("stay in their section and category: another category's or a sold item's for-sale address is the 404 page, which says why", async () => {
    const hex = compactId(baffle.id);
    const elsewhere = await visit(`/gallery/slots/${hex}`);
    expect([elsewhere.status, await elsewhere.text()]).toEqual([404, NOT_FOUND_HTML]);
    const sold = await visit(`/for-sale/arcades/${hex}?page=2`);
    expect([sold.status, sold.headers.get("Location")]).toEqual([301, `/for-sale/arcades/baffle-ball-${hex}?page=2`]);
    const current = await visit(`/for-sale/arcades/baffle-ball-${hex}`);
    expect([current.status, await current.text()]).toEqual([404, NOT_FOUND_HTML]);
  });

  it("follow a title edited since: the new slug is current at once, the one built before redirects to it", async () => {
    await env.DB.prepare("UPDATE notion_slot_machines SET title = ?1 WHERE id = ?2").bind("Mills Hi-Top 1931", castle.id).run();
    await freshCache();
    const res = await visit(`/gallery/slots/mills-castle-front-5-${castleHex}`);
    expect(res.headers.get("Location")).toBe(`/gallery/slots/mills-hi-top-1931-${castleHex}`);
    // Not built yet: the 404 page, whose script shows the item from the API, until the rebuild writes the page.
    const fresh = await visit(`/gallery/slots/mills-hi-top-1931-${castleHex}`);
    expect(fresh.status).toBe(404);
    expect(await fresh.text()).toBe(NOT_FOUND_HTML);
  });
});

describe("addresses that name no item", () => {
  it("answer the site's 404 page with its headers: an unknown id, a malformed address, an unknown category", async () => {
    const unknown = "0123456789abcdef0123456789abcdef";
    for (const path of [
      `/gallery/slots/mills-${unknown}`,
      "/gallery/slots/mills-castle-front",
      `/gallery/robots/${castleHex}`,
      `/gallery/slots/${castleHex}/extra`,
      "/no-such-page",
      "/apiary",
    ]) {
      const res = await visit(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).toBe("text/html; charset=utf-8");
      expect(res.headers.get("Content-Security-Policy"), path).toBe("default-src 'self'");
      expect(await res.text(), path).toBe(NOT_FOUND_HTML);
    }
    expect(assetRequests.every((r) => r === "GET /404")).toBe(true);
  });

  it("answer a HEAD request without a body, and unknown API paths with JSON as before", async () => {
    const head = await visit("/no-such-page", { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([404, ""]);
    for (const path of ["/api/nope", "/api"]) {
      const res = await visit(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: `Not found: ${path}` });
    }
  });
});
