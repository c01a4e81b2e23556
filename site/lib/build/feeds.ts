import { getRssString, type RSSFeedItem } from "@astrojs/rss";
import { API_PATHS } from "#contract/api-paths";
import { CATEGORY_IDS } from "#contract/categories";
import { PostsSchema } from "#contract/public-api";
import { apiTry } from "./api";
import { allItems } from "./catalogue";
import { htmlText } from "./html";
import { markdownToHtml } from "./markdown";
import { loadShell } from "./shell";
import { loadPriceFormat } from "./site-settings";
import { absoluteUrl } from "../seo";
import { FEEDS } from "../feed-links";
import { FEED_NAMESPACES, feedText, forSaleFeedItems, newsFeedItems } from "./feed-items";

/** What a feed says about itself: its title and description, where it lives and the page it follows, and its items. */
type Channel = { title: string; description: string; path: string; page: string; items: RSSFeedItem[] };

/** An RSS 2.0 document (written by @astrojs/rss, which escapes every text) with a self link, as feed validators ask. */
export function feedXml(channel: Channel, site: URL): Promise<string> {
  const self = absoluteUrl(channel.path, site).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return getRssString({
    title: feedText(channel.title),
    description: feedText(channel.description),
    site: absoluteUrl(channel.page, site),
    items: channel.items,
    xmlns: { ...FEED_NAMESPACES, atom: "http://www.w3.org/2005/Atom" },
    customData: `<language>en-us</language><atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: false,
  });
}

/**
 * `/rss.xml`: the news posts, newest first. When the posts cannot be read the feed is written without items (the
 * news page shows its error card the same way) rather than failing the build.
 */
export async function newsFeed(site: URL): Promise<string> {
  const shell = await loadShell();
  const loaded = await apiTry(`${API_PATHS.posts}/section/news`, PostsSchema);
  if (!loaded.ok) console.warn(`[site] ${FEEDS[0].path} lists no posts this build: ${loaded.error}`);
  const posts = (loaded.ok ? loaded.data : []).map((post) => ({
    id: post.id,
    title: post.title,
    text: htmlText(markdownToHtml(post.content)),
    imageUrl: post.imageUrl,
    createdTime: post.createdTime,
  }));
  return feedXml(
    {
      title: `${shell.titleText}: News`,
      description: `News from ${shell.titleText}, newest first.`,
      path: FEEDS[0].path,
      page: "/news",
      items: newsFeedItems(posts, site, shell.titleText),
    },
    site,
  );
}

/** `/for-sale/rss.xml`: every item for sale, newest first (the build fails, naming the pages, when a catalogue cannot be read). */
export async function forSaleFeed(site: URL): Promise<string> {
  const [shell, format] = await Promise.all([loadShell(), loadPriceFormat()]);
  const items = (await Promise.all(CATEGORY_IDS.map((category) => allItems(category, "for-sale")))).flat();
  return feedXml(
    {
      title: `${shell.titleText}: For Sale`,
      description: `Machines and parts for sale at ${shell.titleText}, newest first, with their prices.`,
      path: FEEDS[1].path,
      page: "/for-sale",
      items: forSaleFeedItems(items, site, shell.titleText, format),
    },
    site,
  );
}
