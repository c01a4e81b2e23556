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
import { catalogueProperties, type CatalogueTitle } from "./schemas.ts";
import type { DemoDatabase, DemoWorkspace } from "./types.ts";

/** Id of the demo workspace (appears in Notion-hosted file URLs). */
const DEMO_WORKSPACE_ID = "a5e1d1a9-0c0f-4e0a-9d3e-6d2f0c01d3e0";

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
export function catalogueDatabase(title: CatalogueTitle, items: Item[]): DemoDatabase {
  return { title, properties: catalogueProperties(title), pages: items.map(itemPage) };
}

/** The bundled demo workspace: the 7 catalogue databases and the 5 site-content databases. A fresh copy each call. */
export function loadDemoWorkspace(): DemoWorkspace {
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
