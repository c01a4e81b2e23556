import type { RSSFeedItem } from "@astrojs/rss";
import { findCategory } from "#contract/categories";
import { itemPriceText, type PriceFormat } from "#contract/price-format";
import { escapeHtml } from "../rich-text";
import { itemImageUrl } from "../images";
import type { SiteItem } from "../item-model";
import { absoluteUrl, canonicalItemPath } from "../seo";
import { socialImage } from "../social-image";

/** The newest entries a feed lists: readers keep what they have seen, and a feed of thousands of items helps nobody. */
export const FEED_LIMIT = 50;

/** The longest text a feed item's description carries (cut on a word boundary). */
const DESCRIPTION_MAX = 500;

/** Namespaces the feeds' items use: Media RSS for the image, Google's product feed fields for the price. */
export const FEED_NAMESPACES = { media: "http://search.yahoo.com/mrss/", g: "http://base.google.com/ns/1.0" } as const;

/** A news post as the feed needs it: its text already reduced to plain text. */
export type FeedPost = { id: string; title: string | null; text: string; imageUrl: string | null; createdTime: string | null };

// Characters XML 1.0 cannot carry at all (C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF).
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as a feed may carry it: characters XML cannot hold dropped, whitespace collapsed (the writer escapes `&`, `<` and the rest). */
export function feedText(text: string | null | undefined): string {
  return (text ?? "").replace(NOT_XML, "").replace(/\s+/g, " ").trim();
}

/** `text` cut to at most `max` characters on a word boundary, with an ellipsis when cut. */
function excerpt(text: string, max = DESCRIPTION_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** An attribute value for the custom XML of an item (the writer parses it back, so it must be well-formed). */
function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}

/** A time as a Date, or undefined when it is missing or no time. */
function dateOf(time: string | null | undefined): Date | undefined {
  const ms = time ? Date.parse(time) : NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** Newest first by when they were added in Notion (entries without a time last, in their given order), at most FEED_LIMIT. */
function newestFirst<T extends { createdTime?: string | null }>(entries: readonly T[]): T[] {
  const at = (entry: T) => dateOf(entry.createdTime)?.getTime() ?? -Infinity;
  return [...entries].sort((a, b) => at(b) - at(a)).slice(0, FEED_LIMIT);
}

/** The image elements of an item: Media RSS for readers that show a picture per item, and the same picture in the HTML body. */
function withImage(image: { url: string; alt: string } | null, site: URL, paragraphs: string[]) {
  const url = image ? absoluteUrl(image.url, site) : null;
  return {
    media: url ? `<media:content url="${attribute(url)}" medium="image"/>` : "",
    content: [...(url && image ? [`<img src="${escapeHtml(url)}" alt="${escapeHtml(image.alt)}">`] : []), ...paragraphs]
      .map((html) => `<p>${html}</p>`)
      .join(""),
  };
}

/** `/rss.xml`'s items: the news posts, newest first, each linked to its place on the news page. */
export function newsFeedItems(posts: readonly FeedPost[], site: URL, siteTitle: string): RSSFeedItem[] {
  return newestFirst(posts).map((post) => {
    const title = feedText(post.title) || `News from ${feedText(siteTitle)}`;
    const description = excerpt(feedText(post.text)) || title;
    const image = post.imageUrl ? socialImage(post.imageUrl, title, title) : null;
    const { media, content } = withImage(image, site, [escapeHtml(description)]);
    return {
      title,
      link: absoluteUrl(`/news#post-${encodeURIComponent(post.id)}`, site),
      pubDate: dateOf(post.createdTime),
      description,
      content,
      customData: media,
    };
  });
}

/** `/for-sale/rss.xml`'s items: the items for sale, newest first, each at its for-sale page with its image and price (written as `format` says). */
export function forSaleFeedItems(items: readonly SiteItem[], site: URL, siteTitle: string, format: PriceFormat): RSSFeedItem[] {
  return newestFirst(items.filter((item) => item.forSale)).map((item) => {
    const title = feedText(item.title) || "Untitled item";
    const price = itemPriceText(item.price, format);
    const about = [findCategory(item.category)?.name ?? item.category, feedText(item.manufacturer), item.year ?? ""]
      .filter(Boolean)
      .join(", ");
    const description = excerpt(feedText(`${about}. Price: ${price}. ${item.description ?? ""}`));
    const image = socialImage(itemImageUrl(item), title, feedText(siteTitle));
    const { media, content } = withImage(image, site, [
      escapeHtml(excerpt(feedText(item.description ?? about))),
      `Price: ${escapeHtml(price)}`,
    ]);
    const priced =
      item.price !== null && Number.isFinite(item.price) ? `<g:price>${item.price.toFixed(2)} ${format.currency}</g:price>` : "";
    return {
      title,
      link: absoluteUrl(canonicalItemPath(item), site),
      pubDate: dateOf(item.createdTime),
      description,
      content,
      categories: [findCategory(item.category)?.name ?? item.category],
      customData: `${media}${priced}`,
    };
  });
}
