import { ADVERTISING } from "./catalogue/advertising.ts";
import { ARCADES } from "./catalogue/arcades.ts";
import { itemPage, type Item } from "./catalogue/item.ts";
import { PARTS } from "./catalogue/parts.ts";
import { SLOTS } from "./catalogue/slots.ts";
import { TOYS } from "./catalogue/toys.ts";
import { TRADE_STIMULATORS } from "./catalogue/trade-stimulators.ts";
import { VENDING } from "./catalogue/vending.ts";
import { POSTS } from "./content/posts.ts";
import { IMAGES, PAGE_DESCRIPTIONS, PAGE_HEADERS, SITE_CONTENT } from "./content/site-content.ts";
import { seededId } from "./ids.ts";
import { catalogueProperties, type CatalogueTitle } from "./schemas.ts";
import type { DatabaseSpec, Workspace } from "./types.ts";

/** Id of the demo workspace (appears in Notion-hosted file URLs). */
const DEMO_WORKSPACE_ID = seededId("workspace:demo");

const CATALOGUE: [CatalogueTitle, Item[]][] = [
  ["Slot Machines", SLOTS],
  ["Machine Parts", PARTS],
  ["Arcade Machines", ARCADES],
  ["Trade Stimulators", TRADE_STIMULATORS],
  ["Vending Machines", VENDING],
  ["Advertising Items", ADVERTISING],
  ["Vintage Toys", TOYS],
];

/** A catalogue database of the given title holding these items. */
export function catalogueDatabase(title: CatalogueTitle, items: Item[]): DatabaseSpec {
  return { title, properties: catalogueProperties(title), pages: items.map(itemPage) };
}

/** The bundled demo workspace: the 7 catalogue databases and the 5 site-content databases. A fresh copy each call. */
export function loadDemoWorkspace(): Workspace {
  return {
    id: DEMO_WORKSPACE_ID,
    name: "Antique Coin-Op (demo)",
    databases: structuredClone([
      ...CATALOGUE.map(([title, items]) => catalogueDatabase(title, items)),
      SITE_CONTENT,
      IMAGES,
      PAGE_DESCRIPTIONS,
      PAGE_HEADERS,
      POSTS,
    ]),
  };
}
