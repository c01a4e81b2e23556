import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { testItem } from "../../test/fixtures";
import { DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import { FEED_LIMIT, feedText, forSaleFeedItems, newsFeedItems, type FeedPost } from "./feed-items";
import { feedXml } from "./feeds";

const SITE = new URL("https://shop.example");
const HOSTILE = "Mills & Sons <Bell> ]]> \"quoted\" 'single' \u0007bell\u0000 \uD800lone 🎰";
const MEDIA = "http://search.yahoo.com/mrss/";
const G = "http://base.google.com/ns/1.0";

/** The feed parsed by jsdom's strict XML parser (saxes): throws on anything that is not well-formed. */
function parse(xml: string): Document {
  const doc = new new JSDOM("").window.DOMParser().parseFromString(xml, "application/xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

const text = (parent: Element, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent ?? null;

/** The RSS 2.0 required elements: <rss version="2.0"> holding one <channel> with title, link and description; each item a title or description. */
function expectRss2(doc: Document): Element[] {
  expect(doc.documentElement.tagName).toBe("rss");
  expect(doc.documentElement.getAttribute("version")).toBe("2.0");
  const channels = doc.documentElement.getElementsByTagName("channel");
  expect(channels).toHaveLength(1);
  for (const tag of ["title", "link", "description"]) expect(text(channels[0]!, tag), tag).toBeTruthy();
  const items = [...channels[0]!.getElementsByTagName("item")];
  for (const item of items) expect(text(item, "title") ?? text(item, "description")).toBeTruthy();
  return items;
}

const post = (n: number, fields: Partial<FeedPost> = {}): FeedPost => ({
  id: `post-${n}`,
  title: `Post ${n}`,
  text: `Text of post ${n}.`,
  imageUrl: null,
  createdTime: new Date(Date.UTC(2025, 0, n)).toISOString(),
  ...fields,
});

describe("the news feed (/rss.xml)", () => {
  it("is well-formed RSS 2.0 with hostile titles and text escaped, and characters XML cannot hold dropped", async () => {
    const xml = await feedXml(
      {
        title: `${HOSTILE}: News`,
        description: "News",
        path: "/rss.xml",
        page: "/news",
        items: newsFeedItems([post(1, { title: HOSTILE, text: `${HOSTILE} & more`, imageUrl: "/media/notion/p/a&b.jpg" })], SITE, HOSTILE),
      },
      SITE,
    );
    const doc = parse(xml);
    const [item] = expectRss2(doc);
    const title = feedText(HOSTILE);
    expect(title).toBe("Mills & Sons <Bell> ]]> \"quoted\" 'single' bell lone 🎰");
    expect(text(doc.documentElement, "title")).toBe(`${title}: News`);
    expect(text(item!, "title")).toBe(title);
    expect(text(item!, "description")).toBe(`${title} & more`);
    expect(xml).not.toContain("]]>");
    expect(xml).not.toMatch(/[\u0000\u0007]/);
    expect(text(doc.documentElement, "link")).toBe("https://shop.example/news");
    const self = doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]!;
    expect([self.getAttribute("href"), self.getAttribute("rel")]).toEqual(["https://shop.example/rss.xml", "self"]);
    expect(item!.getElementsByTagNameNS(MEDIA, "content")[0]!.getAttribute("url")).toBe("https://shop.example/media/og/notion/p/a&b.jpg");
  });

  it("lists posts newest first by when they were added in Notion, each linked to its place on the news page with its date", async () => {
    const posts = [post(2), post(9), post(5, { createdTime: null }), post(7)];
    const [newest, ...rest] = expectRss2(
      parse(
        await feedXml({ title: "t", description: "d", path: "/rss.xml", page: "/news", items: newsFeedItems(posts, SITE, "Shop") }, SITE),
      ),
    );
    expect([newest, ...rest].map((item) => text(item!, "title"))).toEqual(["Post 9", "Post 7", "Post 2", "Post 5"]);
    expect(text(newest!, "link")).toBe("https://shop.example/news#post-post-9");
    expect(text(newest!, "guid")).toBe("https://shop.example/news#post-post-9");
    expect(text(newest!, "pubDate")).toBe("Thu, 09 Jan 2025 00:00:00 GMT");
    expect(text(rest[2]!, "pubDate")).toBeNull();
    // A post without a title or image still makes a valid item.
    expect(newsFeedItems([post(1, { title: null, text: "" })], SITE, "Shop")[0]).toMatchObject({
      title: "News from Shop",
      description: "News from Shop",
    });
    expect(
      newsFeedItems(
        Array.from({ length: FEED_LIMIT + 5 }, (_, i) => post(i + 1)),
        SITE,
        "Shop",
      ),
    ).toHaveLength(FEED_LIMIT);
  });
});

describe("the for-sale feed (/for-sale/rss.xml)", () => {
  const item = (n: number, fields: Record<string, unknown> = {}) =>
    testItem({
      id: `0000000${n}-0000-4000-8000-000000000000`,
      category: "slots",
      title: `Slot ${n}`,
      manufacturer: "Mills",
      year: 1930 + n,
      forSale: true,
      price: 1000 * n,
      mainImageUrl: `/media/notion/i${n}/front.png`,
      createdTime: new Date(Date.UTC(2025, 1, n)).toISOString(),
      ...fields,
    });

  it("lists items for sale newest first, each at its for-sale page with title, description, image and price", async () => {
    const items = [
      item(1),
      item(3),
      item(2, { forSale: false }),
      item(4, { mainImageUrl: null, price: null, title: HOSTILE, description: "<b>x</b>" }),
    ];
    const xml = await feedXml(
      {
        title: "Shop: For Sale",
        description: "d",
        path: "/for-sale/rss.xml",
        page: "/for-sale",
        items: forSaleFeedItems(items, SITE, "Shop", DEFAULT_PRICE_FORMAT),
      },
      SITE,
    );
    const feed = expectRss2(parse(xml));
    expect(feed.map((i) => text(i, "title"))).toEqual([feedText(HOSTILE), "Slot 3", "Slot 1"]);
    const slot3 = feed[1]!;
    expect(text(slot3, "link")).toBe("https://shop.example/for-sale/slots/slot-3-00000003000040008000000000000000");
    expect(text(slot3, "description")).toBe("Slot Machines, Mills, 1933. Price: $3,000.");
    expect(text(slot3, "category")).toBe("Slot Machines");
    expect(text(slot3, "pubDate")).toBe("Mon, 03 Feb 2025 00:00:00 GMT");
    expect(slot3.getElementsByTagNameNS(MEDIA, "content")[0]!.getAttribute("url")).toBe(
      "https://shop.example/media/og/notion/i3/front.png",
    );
    expect(slot3.getElementsByTagNameNS(G, "price")[0]!.textContent).toBe("3000.00 USD");
    const body = text(slot3, "content:encoded")!;
    expect(body).toContain('<img src="https://shop.example/media/og/notion/i3/front.png" alt="Slot 3">');
    expect(body).toContain("<p>Price: $3,000</p>");
    // No photo: the site's raster default card; no price: said so, and no g:price.
    const hostile = feed[0]!;
    expect(hostile.getElementsByTagNameNS(MEDIA, "content")[0]!.getAttribute("url")).toBe("https://shop.example/images/social-default.png");
    expect(hostile.getElementsByTagNameNS(G, "price")).toHaveLength(0);
    expect(text(hostile, "description")).toBe("Slot Machines, Mills, 1934. Price: Not for sale. <b>x</b>");
    expect(text(hostile, "content:encoded")).toContain("<p>&lt;b&gt;x&lt;/b&gt;</p>");
  });

  it("writes prices in the dealer's currency and locale, and names that currency in g:price", () => {
    const [entry] = forSaleFeedItems([item(3, { price: 1250.5 })], SITE, "Shop", { currency: "EUR", locale: "de-DE" });
    // Feed text collapses every space, the no-break one included.
    expect(entry?.description).toBe("Slot Machines, Mills, 1933. Price: 1.250,5 €.");
    expect(entry?.customData).toContain("<g:price>1250.50 EUR</g:price>");
  });
});
