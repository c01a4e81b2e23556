import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser, Page } from "playwright-core";
import { CATEGORY_IDS } from "#contract/categories";
import { launch, open, BASE_URL } from "./support/browser";
import { notion } from "./support/stack";

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
  feeds: { title: string; href: string }[];
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
    feeds: [...document.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')].map((l) => ({
      title: l.getAttribute("title") ?? "",
      href: l.getAttribute("href") ?? "",
    })),
  }));
}

/** The type of a URL's answer when it is a raster image social sites show (JPEG, PNG, GIF), else null. */
async function rasterType(url: string): Promise<string | null> {
  const res = await fetch(url);
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!;
  return res.ok && ["image/jpeg", "image/png", "image/gif"].includes(type) ? type : null;
}

/** An item as the collection API lists it. */
type ListedItem = { id: string; category: string; title: string | null; forSale: boolean };

/** The items of a listing view (the demo's fit on one page of 100). */
async function listed(category: string, view: "gallery" | "for-sale"): Promise<ListedItem[]> {
  const res = await fetch(`${BASE_URL}/api/collection/${category}/${view}?page=1&limit=100`);
  return ((await res.json()) as { items: ListedItem[] }).items;
}

/** The sitemap's entries, read by the browser's XML parser. */
async function sitemap(): Promise<{ loc: string; lastmod: string | null }[]> {
  const res = await fetch(`${BASE_URL}/sitemap.xml`);
  const xml = await res.text();
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.querySelector("parsererror")) throw new Error("sitemap.xml is not well-formed XML");
    if (doc.documentElement.namespaceURI !== "http://www.sitemaps.org/schemas/sitemap/0.9") throw new Error("not a sitemap urlset");
    return [...doc.getElementsByTagName("url")].map((url) => ({
      loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
      lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    }));
  }, xml);
}

/** A feed read by the browser's XML parser: its RSS 2.0 frame, and each item's fields. */
async function feed(path: string) {
  const res = await fetch(`${BASE_URL}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type"), path).toMatch(/xml/);
  // Served under the site's Content-Security-Policy like every page (a feed opened in a browser runs nothing).
  expect(res.headers.get("content-security-policy"), path).toMatch(/^default-src 'self'; script-src 'self'/);
  return page.evaluate(
    (text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      if (doc.querySelector("parsererror")) throw new Error("the feed is not well-formed XML");
      const channel = doc.documentElement.getElementsByTagName("channel")[0]!;
      const field = (parent: Element, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent ?? null;
      return {
        root: doc.documentElement.tagName,
        version: doc.documentElement.getAttribute("version"),
        channel: { title: field(channel, "title"), link: field(channel, "link"), description: field(channel, "description") },
        items: [...channel.getElementsByTagName("item")].map((item) => ({
          title: field(item, "title"),
          link: field(item, "link"),
          description: field(item, "description"),
          pubDate: field(item, "pubDate"),
          image: item.getElementsByTagNameNS("http://search.yahoo.com/mrss/", "content")[0]?.getAttribute("url") ?? null,
          price: item.getElementsByTagNameNS("http://base.google.com/ns/1.0", "price")[0]?.textContent ?? null,
        })),
      };
    },
    await res.text(),
  );
}

describe("SEO", () => {
  it("gives every public page its own title, meta description, canonical URL, OpenGraph tags with a raster image, and its feeds", async () => {
    const galleryItems = await listed("slots", "gallery");
    // An item for sale is at two addresses: both name the for-sale one; an item not for sale names its gallery page.
    const both = galleryItems.find((i) => i.forSale)!;
    const galleryOnly = galleryItems.find((i) => !i.forSale)!;
    const items = new Map([
      [itemPagePath("gallery", both), itemPagePath("for-sale", both)],
      [itemPagePath("for-sale", both), itemPagePath("for-sale", both)],
      [itemPagePath("gallery", galleryOnly), itemPagePath("gallery", galleryOnly)],
    ]);
    const seen = new Map<string, string>();
    for (const path of [...CONTENT_PAGES, ...LISTING_PAGES, ...items.keys()]) {
      const h = await head(path);
      const canonical = new URL(items.get(path) ?? path, BASE_URL).toString();
      expect(h.lang, path).toBe("en");
      expect(h.title, path).toMatch(new RegExp(`^\\S.* \\| ${SITE_NAME}$`));
      // The two pages of one item share their canonical address, not their title (' For Sale' on the for-sale one).
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
      expect(h.og.type, path).toBe(items.has(path) ? "product" : "website");
      expect(await rasterType(h.og.image!), `${path} og:image ${h.og.image}`).not.toBeNull();
      expect(h.og["image:alt"], path).toBeTruthy();
      expect(h.feeds, path).toEqual([
        { title: `${SITE_NAME}: News`, href: "/rss.xml" },
        { title: `${SITE_NAME}: For Sale`, href: "/for-sale/rss.xml" },
      ]);
    }
    // A page with no picture of its own: the logo's raster social copy, described by the logo's alt text.
    const home = await head("/");
    const logo = page.getByTestId("header-logo");
    const logoSrc = new URL((await logo.getAttribute("src"))!, BASE_URL).pathname;
    expect(home.og.image).toBe(`${BASE_URL}${logoSrc.replace(/^\/media\//, "/media/og/")}`);
    expect(home.og["image:alt"]).toBe(await logo.getAttribute("alt"));
    // The site's default card, for pages whose picture social sites cannot show (an SVG): a 1200 x 630 PNG.
    const card = await fetch(`${BASE_URL}/images/social-default.png`);
    expect([card.status, card.headers.get("content-type")]).toEqual([200, "image/png"]);
    const header = new DataView(await card.arrayBuffer());
    expect([header.getUint32(16), header.getUint32(20)]).toEqual([1200, 630]);
    // An item page: its photo's JPEG social copy, described by the item's title.
    const item = await head(itemPagePath("for-sale", both));
    expect(item.og.image).toMatch(new RegExp(`^${BASE_URL}/media/og/`));
    expect(item.og["image:alt"]).toBe(item.og.title!.replace(/ For Sale$/, ""));
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

  it("lists every content and listing page, and each item once at its canonical address with its last edit, in a well-formed sitemap.xml", async () => {
    const entries = await sitemap();
    expect(entries.every(({ loc }) => loc.startsWith(`${BASE_URL}/`))).toBe(true);
    const paths = entries.map(({ loc }) => new URL(loc).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    const pages = [...CONTENT_PAGES, ...LISTING_PAGES];
    const itemPaths: string[] = [];
    const notCanonical: string[] = [];
    for (const category of CATEGORY_IDS) {
      pages.push(`/gallery/${category}`, `/for-sale/${category}`);
      for (const item of await listed(category, "gallery")) {
        itemPaths.push(itemPagePath(item.forSale ? "for-sale" : "gallery", item));
        if (item.forSale) notCanonical.push(itemPagePath("gallery", item));
      }
    }
    expect(notCanonical.length).toBeGreaterThan(0);
    expect(paths).toEqual(expect.arrayContaining([...pages, ...itemPaths]));
    expect(paths.filter((p) => notCanonical.includes(p))).toEqual([]);
    expect(paths.filter((p) => p.startsWith("/admin") || p.startsWith("/api") || p === "/404" || p === "/search")).toEqual([]);
    // Items carry their own last edit in Notion (the demo's pages were edited at different times), the other pages none.
    const itemTimes = entries.filter(({ loc }) => itemPaths.includes(new URL(loc).pathname)).map(({ lastmod }) => lastmod);
    expect(itemTimes).toHaveLength(itemPaths.length);
    expect(itemTimes.every((t) => t !== null && !Number.isNaN(Date.parse(t)))).toBe(true);
    expect(new Set(itemTimes).size).toBeGreaterThan(1);
    expect(entries.filter(({ loc }) => pages.includes(new URL(loc).pathname)).every(({ lastmod }) => lastmod === null)).toBe(true);
    const statuses = await Promise.all(
      entries.map(async ({ loc }) => [new URL(loc).pathname, (await fetch(loc, { method: "HEAD" })).status] as const),
    );
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  });

  it("serves the news and for-sale RSS 2.0 feeds, newest first, linked from the footer", async () => {
    const news = await feed("/rss.xml");
    expect([news.root, news.version]).toEqual(["rss", "2.0"]);
    expect(news.channel).toEqual({
      title: `${SITE_NAME}: News`,
      link: `${BASE_URL}/news`,
      description: expect.stringContaining(SITE_NAME),
    });
    const newsPosts = ((await (await fetch(`${BASE_URL}/api/posts/section/news`)).json()) as { title: string; createdTime: string }[])
      .sort((a, b) => Date.parse(b.createdTime) - Date.parse(a.createdTime))
      .map((p) => p.title);
    expect(news.items.map((i) => i.title)).toEqual(newsPosts);
    for (const item of news.items) {
      expect(item.link).toMatch(new RegExp(`^${BASE_URL}/news#post-`));
      expect(item.description).toBeTruthy();
      expect(Date.parse(item.pubDate!)).not.toBeNaN();
    }
    // The link lands on the post.
    await page.goto(news.items[0]!.link!);
    expect(await page.locator(new URL(news.items[0]!.link!).hash).count()).toBe(1);

    const forSale = await feed("/for-sale/rss.xml");
    expect(forSale.channel).toMatchObject({ title: `${SITE_NAME}: For Sale`, link: `${BASE_URL}/for-sale` });
    const dates = forSale.items.map((i) => Date.parse(i.pubDate!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    let forSaleCount = 0;
    for (const category of CATEGORY_IDS) forSaleCount += (await listed(category, "for-sale")).length;
    expect(forSale.items).toHaveLength(Math.min(forSaleCount, 50));
    for (const item of forSale.items) {
      expect(item.link).toMatch(new RegExp(`^${BASE_URL}/for-sale/[a-z-]+/([a-z0-9-]+-)?[0-9a-f]{32}$`));
      expect(item.description).toMatch(/Price: /);
      expect(item.image).toMatch(new RegExp(`^${BASE_URL}/(media/og/|images/social-default\\.png$)`));
    }
    // The images answer as raster pictures (a few: each first request makes a copy).
    for (const item of forSale.items.slice(0, 2)) expect(await rasterType(item.image!), item.image!).not.toBeNull();
    expect(forSale.items.some((i) => i.price !== null && /^\d+\.\d\d USD$/.test(i.price))).toBe(true);

    await page.goto("/news");
    const links = page.getByTestId("footer-feeds").getByRole("link");
    expect(await links.allTextContents()).toEqual(["News (RSS)", "For Sale (RSS)"]);
    expect(await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")))).toEqual(["/rss.xml", "/for-sale/rss.xml"]);
  });

  it("keeps the demo's draft (Published unticked, for sale) out of every built page, listing, feed, the sitemap and search", async () => {
    const DRAFT = "Groetchen Pok-O-Reel";
    const found = (await notion("/v1/search", {
      method: "POST",
      body: { query: DRAFT, filter: { property: "object", value: "page" } },
    })) as {
      results: { id: string }[];
    };
    const id = found.results[0]!.id;
    const status = async (path: string) => (await fetch(`${BASE_URL}${path}`, { redirect: "manual" })).status;
    expect(await status(`/api/collection/trade-stimulators/${id}`)).toBe(404);
    for (const path of [`/gallery/trade-stimulators/${id}`, `/for-sale/trade-stimulators/${id}`])
      expect(await status(path), path).toBe(404);
    for (const path of [
      "/gallery/trade-stimulators",
      "/for-sale/trade-stimulators",
      "/sitemap.xml",
      "/for-sale/rss.xml",
      "/search?q=Pok-O-Reel",
    ]) {
      const text = await (await fetch(`${BASE_URL}${path}`)).text();
      expect(text, path).not.toContain(DRAFT);
      expect(text, path).not.toContain(id);
    }
    const built = (await (await fetch(`${BASE_URL}/build-info.json`)).json()) as { categories: Record<string, number> };
    expect(built.categories["trade-stimulators"]).toBe((await listed("trade-stimulators", "gallery")).length);
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
    // The feeds are not pages (not in the sitemap) but must stay open to crawlers and feed readers.
    const disallowed = lines.filter((l) => l.startsWith("Disallow:")).map((l) => l.slice("Disallow:".length).trim());
    for (const feedPath of ["/rss.xml", "/for-sale/rss.xml"]) expect(disallowed.filter((rule) => feedPath.startsWith(rule))).toEqual([]);
  });
});
