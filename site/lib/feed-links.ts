/** The site's RSS feeds: where each is and what it is called in the page head and the footer. */
export const FEEDS = [
  { path: "/rss.xml", label: "News" },
  { path: "/for-sale/rss.xml", label: "For Sale" },
] as const;
