/** Categories with a top-level page of their own (/slots, /arcades, ...); toys has none in the route table. */
export const ROUTED_CATEGORIES = ["slots", "arcades", "parts", "trade-stimulators", "vending", "advertising"] as const;

/** The content sections with a page of their own. */
export const CONTENT_SECTIONS = ["literature", "services", "news", "miscellaneous"] as const;
