import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { CATEGORY_IDS } from "#contract/categories";
import { launch, open, BASE_URL } from "./support/browser";
import { firstItemId } from "./support/site-helpers";

const SITE_NAME = "Antique Coin-Op Restorations";
const CONTENT_PAGES = ["/", "/literature", "/services", "/news", "/miscellaneous"];
const LISTING_PAGES = ["/gallery", "/for-sale", "/slots", "/gallery/arcades", "/for-sale/slots"];

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await (await open(browser, "desktop")).newPage();
});
afterAll(async () => {
  await browser?.close();
});

type Head = {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  lang: string;
  h1: number;
  og: Record<string, string>;
};

async function head(path: string): Promise<Head> {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
    lang: document.documentElement.lang,
    h1: document.querySelectorAll("h1").length,
    og: Object.fromEntries(
      [...document.querySelectorAll('meta[property^="og:"]')].map((m) => [
        m.getAttribute("property")!.slice(3),
        m.getAttribute("content") ?? "",
      ]),
    ),
  }));
}

async function loadsAsImage(url: string): Promise<boolean> {
  const res = await fetch(url);
  return res.ok && (res.headers.get("content-type") ?? "").startsWith("image/");
}

async function locs(): Promise<string[]> {
  const res = await fetch(`${BASE_URL}/sitemap.xml`);
  const xml = await res.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.querySelector("parsererror")) throw new Error("sitemap.xml is not well-formed XML");
    if (doc.documentElement.namespaceURI !== "http://www.sitemaps.org/schemas/sitemap/0.9") throw new Error("not a sitemap urlset");
    return [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent ?? "");
  }, xml);
}

describe("SEO", () => {
  it("gives every public page its own title, meta description, canonical URL and OpenGraph tags", async () => {
    const item = `/gallery/slots/${await firstItemId("slots", "gallery")}`;
    const forSale = `/for-sale/slots/${await firstItemId("slots", "for-sale")}`;
    const seen = new Map<string, string>();
    for (const path of [...CONTENT_PAGES, ...LISTING_PAGES, item, forSale]) {
      const h = await head(path);
      const canonical = new URL(path, BASE_URL).toString();
      expect(h.lang, path).toBe("en");
      expect(h.title, path).toMatch(new RegExp(`^\\S.* \\| ${SITE_NAME}$`));
      expect(seen.get(h.title), `${path} repeats the title of ${seen.get(h.title)}`).toBeUndefined();
      seen.set(h.title, path);
      expect(h.description?.length ?? 0, path).toBeGreaterThan(20);
      expect(h.description!.length, path).toBeLessThanOrEqual(160);
      expect(h.canonical, path).toBe(canonical);
      expect(h.robots, path).toBeNull();
      expect(h.h1, path).toBe(1);
      expect(h.og.url, path).toBe(canonical);
      expect(h.og.title, path).toBe(h.title.replace(` | ${SITE_NAME}`, ""));
      expect(h.og.description, path).toBe(h.description);
      expect(h.og.site_name, path).toBe(SITE_NAME);
      expect(h.og.type, path).toBe(path === item || path === forSale ? "product" : "website");
      expect(await loadsAsImage(h.og.image), `${path} og:image ${h.og.image}`).toBe(true);
    }
  });

  it("drops the query from the canonical URL of a listing page", async () => {
    expect((await head("/gallery/slots?page=2")).canonical).toBe(`${BASE_URL}/gallery/slots`);
  });

  it("keeps the admin panel and the not-found page out of search results", async () => {
    for (const path of ["/admin", "/no-such-page"]) {
      const h = await head(path);
      expect(h.robots, path).toBe("noindex");
      expect(h.canonical, path).toBeNull();
      expect(h.og.url, path).toBeUndefined();
      expect(h.title, path).toMatch(new RegExp(` \\| ${SITE_NAME}$`));
    }
  });

  it("lists every content, listing and item page in a well-formed sitemap.xml, each answering 200", async () => {
    const listed = await locs();
    expect(listed.every((loc) => loc.startsWith(`${BASE_URL}/`))).toBe(true);
    const paths = listed.map((loc) => new URL(loc).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    const expected = [...CONTENT_PAGES, ...LISTING_PAGES];
    for (const category of CATEGORY_IDS) {
      for (const view of ["gallery", "for-sale"] as const) {
        const res = await fetch(`${BASE_URL}/api/collection/${category}/${view}?page=1&limit=100`);
        const items = ((await res.json()) as { items: { id: string }[] }).items;
        expected.push(`/${view}/${category}`, ...items.map((i) => `/${view}/${category}/${i.id}`));
      }
    }
    expect(paths).toEqual(expect.arrayContaining(expected));
    expect(paths.filter((p) => p.startsWith("/admin") || p.startsWith("/api") || p === "/404")).toEqual([]);
    const statuses = await Promise.all(
      listed.map(async (loc) => [new URL(loc).pathname, (await fetch(loc, { method: "HEAD" })).status] as const),
    );
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  });

  it("has a robots.txt that disallows /admin and points at the sitemap", async () => {
    const res = await fetch(`${BASE_URL}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    expect(lines.filter((l) => /^Disallow:\s*\/?$/.test(l))).toEqual([]);
  });
});
