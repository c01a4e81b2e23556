import { POST_SECTIONS, type PostSection } from "#contract/categories";

/** Categories with a top-level page of their own (/slots, /arcades, ...); toys has none in the route table. */
export const ROUTED_CATEGORIES = ["slots", "arcades", "parts", "trade-stimulators", "vending", "advertising"] as const;

/** The post sections with a page of their own (home posts show on the home page). */
export const CONTENT_SECTIONS = POST_SECTIONS.filter((s): s is Exclude<PostSection, "home"> => s !== "home");
