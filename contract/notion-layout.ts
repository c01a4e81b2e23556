import { CATEGORIES, CONTENT_DATABASES, POST_SECTIONS, type CategoryId } from "./categories.ts";
import type { NotionPropertyType } from "./notion.ts";

/**
 * The Notion workspace the site reads, written once: every database, every property with the Notion types it may have,
 * and what it feeds on the site. The sync, `npm run notion:setup`, `npm run notion:check`, the admin panel's workspace
 * check, the demo workspace and docs/notion-workspace.md all follow it.
 */

/** Notion property types the layout names. */
export type LayoutType = Extract<
  NotionPropertyType,
  "title" | "rich_text" | "number" | "checkbox" | "select" | "multi_select" | "files" | "url"
>;

/** One property of a layout database. */
export type LayoutProperty = {
  name: string;
  /** Accepted Notion types, in order of preference: setup creates the first. */
  types: readonly [LayoutType, ...LayoutType[]];
  /** A required property missing from the database is a problem the check reports; an optional one is not. */
  required: boolean;
  /** An optional property the check recommends adding where it is missing (setup adds it): what its absence means. */
  recommended?: string;
  /** Select options the site relies on: the check reports any that is missing, setup creates them. */
  options?: readonly string[];
  /** Select options setup offers as a starting list (the operator may add others). */
  suggested?: readonly string[];
  /** Display format setup gives a number property. */
  format?: "number" | "dollar";
  /** What it feeds on the site, for the operator. */
  feeds: string;
  /** The catalogue item field it fills (catalogue databases). */
  field?: string;
};

/** One database of the layout. */
export type LayoutDatabase = {
  title: string;
  kind: "catalogue" | "content";
  /** The catalogue category it holds. */
  category?: CategoryId;
  /** Where the site shows it. */
  readBy: string;
  /** What the pages' bodies feed, when the sync reads them. */
  body?: string;
  properties: readonly LayoutProperty[];
};

/** The checkbox that puts a row on the site: unticked, the row is a draft no visitor sees (catalogue databases and Posts). */
export const PUBLISHED_PROPERTY = "Published";

/** The checkbox that keeps a live row as last synced while ticked: the dealer's edits wait until it is unticked. */
export const HOLD_PROPERTY = "Hold Changes";

/** What the operator calls the rows of the database titled `title`: items (a catalogue database), posts, or rows. */
export function rowsCalled(title: string): "items" | "posts" | "rows" {
  if (CATEGORIES.some((c) => c.database === title)) return "items";
  return title === "Posts" ? "posts" : "rows";
}

/** Icon types a Page Headers row may name: the icons the site draws. */
export const PAGE_HEADER_ICON_TYPES = [
  "home",
  "shop",
  "gallery",
  "literature",
  "services",
  "news",
  "misc",
  "admin",
  "database",
  "info",
  "refresh",
  "trash",
] as const;

/** Site Content block types (the Type select). */
const CONTENT_TYPES = ["rich_text", "image", "image_file", "text"] as const;

const CONDITIONS = ["Excellent", "Very Good", "Good", "Fair", "Restored", "Original", "Project"];

type Def = Omit<LayoutProperty, "name" | "required" | "field"> & { required?: boolean };
const p = (name: string, def: Def, field?: string): LayoutProperty => ({ name, required: true, ...def, ...(field ? { field } : {}) });
const TEXT = ["rich_text", "select"] as const;
const CHOICE = ["select", "rich_text"] as const;
const details = (extra = "") => `shown under the item page's details${extra}`;
const FILTER = " and offered by the listing's filter";

/** The two checkboxes of a database with drafts (every catalogue database and Posts), recommended where missing. */
const DRAFT_PROPERTIES = (what: string): LayoutProperty[] => [
  p(PUBLISHED_PROPERTY, {
    types: ["checkbox"],
    required: false,
    recommended: `every ${what} is on the site as soon as it is synced, half-written or not`,
    feeds: `ticked: the ${what} is on the site; unticked (as a new row starts): a draft no visitor sees`,
  }),
  p(HOLD_PROPERTY, {
    types: ["checkbox"],
    required: false,
    recommended: `an edit to a live ${what} reaches the site at the next sync, finished or not`,
    feeds: `ticked: the site keeps the ${what} as last synced while you edit it; unticked: your edits are published`,
  }),
];

/** Properties every catalogue database has, by item field. */
const COMMON: LayoutProperty[] = [
  p("Title", { types: ["title"], feeds: "the item's name: cards, item page, search" }, "title"),
  p("Description", { types: ["rich_text"], feeds: "the short text on cards and the item page (bold, italic, links kept)" }, "description"),
  p("Manufacturer", { types: TEXT, feeds: details(" and the listing's manufacturer filter") }, "manufacturer"),
  p("Year", { types: ["number"], format: "number", feeds: details(", the year filter and the year sort") }, "year"),
  p("Main Image", { types: ["files", "url"], feeds: "the picture on cards and the first one on the item page" }, "mainImageUrl"),
  p("Additional Images", { types: ["files"], feeds: "the item page's other pictures" }, "additionalImageUrls"),
  p("For Sale", { types: ["checkbox"], feeds: "ticked: the item shows under For Sale, with its price" }, "forSale"),
  p(
    "Price",
    {
      types: ["number"],
      format: "dollar",
      feeds: "price on the For Sale pages, in the dealer's currency (Settings, US dollars unless changed) (empty: 'Not for sale')",
    },
    "price",
  ),
  p("Condition", { types: CHOICE, suggested: CONDITIONS, feeds: details() }, "condition"),
  ...DRAFT_PROPERTIES("item"),
];

/** Category-specific properties, by item field (every field a category names has one). */
const SPECIFIC: { [C in (typeof CATEGORIES)[number] as C["id"]]: Record<C["fields"][number], LayoutProperty> } = {
  slots: {
    denomination: p("Denomination", { types: CHOICE, feeds: details(FILTER) }),
    serialNumber: p("Serial Number", { types: TEXT, feeds: details() }),
    cabinetType: p("Cabinet Type", { types: CHOICE, feeds: details() }),
    mechanismType: p("Mechanism Type", { types: CHOICE, feeds: details() }),
  },
  parts: {
    partType: p("Part Type", { types: CHOICE, feeds: details(FILTER) }),
    partNumber: p("Part Number", { types: TEXT, feeds: details() }),
    compatibleModels: p("Compatible Models", { types: ["multi_select"], feeds: details(", as a list") }),
  },
  arcades: {
    gameType: p("Game Type", { types: CHOICE, feeds: details(FILTER) }),
    numberOfPlayers: p("Number Of Players", { types: ["number", "rich_text"], format: "number", feeds: details() }),
    cabinetCondition: p("Cabinet Condition", { types: TEXT, feeds: details() }),
  },
  "trade-stimulators": {
    stimulatorType: p("Stimulator Type", { types: CHOICE, feeds: details(FILTER) }),
    originalLocation: p("Original Location", { types: TEXT, feeds: details() }),
  },
  vending: {
    type: p("Type", { types: CHOICE, feeds: details(" (as Machine Type)") }),
    productCategory: p("Product Category", { types: CHOICE, feeds: details(FILTER) }),
    coinMechanism: p("Coin Mechanism", { types: TEXT, feeds: details() }),
    dimensions: p("Dimensions", { types: TEXT, feeds: details() }),
  },
  advertising: {
    adType: p("Ad Type", { types: CHOICE, feeds: details(FILTER) }),
    theme: p("Theme", { types: CHOICE, feeds: details(FILTER) }),
    material: p("Material", { types: CHOICE, feeds: details() }),
    originalBrand: p("Original Brand", { types: TEXT, feeds: details() }),
    dimensions: p("Dimensions", { types: TEXT, feeds: details() }),
  },
  toys: {
    toyType: p("Toy Type", { types: CHOICE, feeds: details() }),
    ageRange: p("Age Range", { types: TEXT, feeds: details() }),
  },
};

const catalogue: LayoutDatabase[] = CATEGORIES.map((c) => ({
  title: c.database,
  kind: "catalogue",
  category: c.id,
  readBy: `the ${c.name} pages, their items and search`,
  body: "the item page's long description",
  properties: [...COMMON, ...Object.entries(SPECIFIC[c.id]).map(([field, prop]) => ({ ...(prop as LayoutProperty), field }))],
}));

const IMAGE = ["files", "url"] as const;

const content: Record<(typeof CONTENT_DATABASES)[number], Omit<LayoutDatabase, "title" | "kind">> = {
  "Site Content": {
    readBy: "GET /api/content/{Key}: the banner, the header logo and title, the contact details",
    properties: [
      p("Key", { types: ["title"], feeds: "the block's key: banner_message, header_image, phone_contact_info, …" }),
      p("Type", {
        types: ["select"],
        options: CONTENT_TYPES,
        feeds: "how the block is shown: formatted text, image, image file or plain text",
      }),
      p("Content", { types: ["rich_text"], feeds: "the block's text (the header title as Markdown)" }),
      p("Title", { types: ["rich_text"], feeds: "the block's name (an image's alternative text)" }),
      p("Image", { types: IMAGE, feeds: "the block's picture (header_image: the logo)" }),
    ],
  },
  Images: {
    readBy: "GET /api/images/{Key}: the header picture and the page background texture",
    properties: [
      p("Key", { types: ["title"], feeds: "the image's key: header_main_image, background-texture" }),
      p("Image", { types: IMAGE, feeds: "the picture" }),
      p("Alt Text", { types: ["rich_text"], feeds: "its alternative text" }),
      p("Title", { types: ["rich_text"], feeds: "its title" }),
    ],
  },
  "Page Descriptions": {
    readBy: "GET /api/page-description/{Section}: the intro text of each page",
    properties: [
      p("Section", { types: ["title"], feeds: "the page: home, literature, services, news, miscellaneous, navigation" }),
      p("Description", { types: ["rich_text"], feeds: "the intro text (bold, colours, links kept)" }),
    ],
  },
  "Page Headers": {
    readBy: "GET /api/page-headers/{Page Id}: each page's heading and icon",
    properties: [
      p("Page Id", { types: ["title"], feeds: "the page: home, gallery, for-sale, literature, …" }),
      p("Title", { types: ["rich_text"], feeds: "the page's heading" }),
      p("Icon Type", { types: ["select"], suggested: PAGE_HEADER_ICON_TYPES, feeds: "the heading's icon" }),
    ],
  },
  Posts: {
    readBy: "GET /api/posts/section/{Section}: the posts of the home, literature, services, news and miscellaneous pages",
    body: "the post's text as Markdown (headings, lists, quotes, code, images, links)",
    properties: [
      p("Title", { types: ["title"], feeds: "the post's heading" }),
      p("Section", { types: ["select"], options: POST_SECTIONS, feeds: "the page the post appears on" }),
      p("Display Order", { types: ["number"], format: "number", feeds: "its place on the page (lowest first)" }),
      p("Image", { types: IMAGE, feeds: "the post's picture" }),
      p("Content", { types: ["rich_text"], required: false, feeds: "the post's text as Markdown when its page body is empty" }),
      ...DRAFT_PROPERTIES("post"),
    ],
  },
};

/** The 12 databases the site reads: the 7 catalogue databases, then the 5 site-content databases. */
export const NOTION_LAYOUT: readonly LayoutDatabase[] = [
  ...catalogue,
  ...CONTENT_DATABASES.map((title): LayoutDatabase => ({ title, kind: "content", ...content[title] })),
];

/** Whether the layout database titled `title` has drafts: a `Published` checkbox (every catalogue database and Posts). */
export function hasDrafts(title: string): boolean {
  return layoutDatabase(title)?.properties.some((prop) => prop.name === PUBLISHED_PROPERTY) ?? false;
}

/** The layout database titled `title` (exact title), or undefined. */
export function layoutDatabase(title: string): LayoutDatabase | undefined {
  return NOTION_LAYOUT.find((d) => d.title === title);
}

const ITEM_PROPERTIES = new Map(
  catalogue.flatMap((db) => db.properties.flatMap((prop) => (prop.field ? [[prop.field, prop] as const] : []))),
);
const LIST_TYPES = new Set<LayoutType>(["files", "multi_select"]);

/** The Notion property a catalogue item field reads (`mainImageUrl` -> `Main Image`); the field itself for one the layout lacks. */
export function itemProperty(field: string): string {
  return ITEM_PROPERTIES.get(field)?.name ?? field;
}

/** Whether a catalogue item field holds a list: every type its property may have is one (files, multi-select). */
export function isListField(field: string): boolean {
  return ITEM_PROPERTIES.get(field)?.types.every((t) => LIST_TYPES.has(t)) ?? false;
}
