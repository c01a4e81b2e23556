/** Catalogue categories: id, display name, Notion database title and the item fields particular to each. */
export const CATEGORIES = [
  {
    id: "slots",
    name: "Slot Machines",
    database: "Slot Machines",
    fields: ["denomination", "serialNumber", "cabinetType", "mechanismType"],
  },
  { id: "parts", name: "Machine Parts", database: "Machine Parts", fields: ["partType", "partNumber", "compatibleModels"] },
  { id: "arcades", name: "Arcade Machines", database: "Arcade Machines", fields: ["gameType", "numberOfPlayers", "cabinetCondition"] },
  { id: "trade-stimulators", name: "Trade Stimulators", database: "Trade Stimulators", fields: ["stimulatorType", "originalLocation"] },
  {
    id: "vending",
    name: "Vending Machines",
    database: "Vending Machines",
    fields: ["type", "productCategory", "coinMechanism", "dimensions"],
  },
  {
    id: "advertising",
    name: "Advertising Items",
    database: "Advertising Items",
    fields: ["adType", "theme", "material", "originalBrand", "dimensions"],
  },
  { id: "toys", name: "Vintage Toys", database: "Vintage Toys", fields: ["toyType", "ageRange"] },
] as const;

/** A catalogue category id such as `slots`. */
export type CategoryId = (typeof CATEGORIES)[number]["id"];

/** Every category id, in the order `CATEGORIES` declares them. */
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as CategoryId[];

/** The category record for an id, or undefined for an unknown id. */
export function findCategory(id: string) {
  return CATEGORIES.find((c) => c.id === id);
}

/** True when `id` names a catalogue category. */
export function isCategoryId(id: string): id is CategoryId {
  return findCategory(id) !== undefined;
}

/** Titles of the five site-content databases of the workspace contract. */
export const CONTENT_DATABASES = ["Site Content", "Images", "Page Descriptions", "Page Headers", "Posts"] as const;

/** Post sections of the workspace contract. */
export const POST_SECTIONS = ["home", "literature", "services", "news", "miscellaneous"] as const;

/** A post section. */
export type PostSection = (typeof POST_SECTIONS)[number];
