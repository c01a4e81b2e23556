import { CATEGORIES } from "#contract/categories";
import { layoutDatabase, type LayoutProperty, type LayoutType } from "#contract/notion-layout";
import type { DemoProperty } from "./types.ts";

/** Catalogue database titles, in the order of the workspace layout. */
export const CATALOGUE_TITLES = CATEGORIES.map((c) => c.database);

/** A catalogue database title. */
export type CatalogueTitle = (typeof CATALOGUE_TITLES)[number];

const MANUFACTURERS: Record<CatalogueTitle, string[] | null> = {
  "Slot Machines": [
    "Mills Novelty Co.",
    "Jennings & Co.",
    "Watling Manufacturing",
    "Pace Manufacturing",
    "Caille Brothers",
    "Groetchen Tool Co.",
    "Buckley",
    "Bally",
  ],
  "Arcade Machines": ["Exhibit Supply Co.", "Gottlieb", "Mills Novelty Co.", "International Mutoscope Reel Co.", "Rock-Ola", "Wurlitzer"],
  "Vending Machines": [
    "Coca-Cola (Vendo)",
    "Vendo",
    "Columbus Vending Co.",
    "Advance Machine Co.",
    "Pulver",
    "Rock-Ola",
    "Wurlitzer",
    "Northwestern",
  ],
  "Vintage Toys": ["Marx", "Chein", "J. & E. Stevens", "Masudaya", "Hubley", "Wolverine"],
  "Machine Parts": null,
  "Trade Stimulators": null,
  "Advertising Items": null,
};

/** Databases whose Condition is a select (the rest use rich text), to exercise both forms the contract allows. */
const CONDITION_SELECT = new Set<CatalogueTitle>(["Slot Machines", "Machine Parts", "Vintage Toys", "Trade Stimulators"]);

/** The demo's choice for a property: a type the layout accepts (its first by default) and a select's options. */
type Choice = { type?: LayoutType; options?: string[] };

const sel = (options: string[]): Choice => ({ type: "select", options });
const text: Choice = { type: "rich_text" };

/** Category-specific properties of each catalogue database. */
const SPECIFIC: Record<CatalogueTitle, Record<string, Choice>> = {
  "Slot Machines": {
    Denomination: sel(["1¢", "5¢", "10¢", "25¢", "50¢"]),
    "Serial Number": text,
    "Cabinet Type": sel(["Upright", "Console", "Counter-top", "Floor Model"]),
    "Mechanism Type": sel(["Mechanical", "Electro-mechanical", "Clockwork"]),
  },
  "Arcade Machines": {
    "Game Type": sel(["Fortune Teller", "Strength Tester", "Digger / Crane", "Viewer", "Pinball", "Shooting Gallery", "Grip Tester"]),
    "Cabinet Condition": text,
  },
  "Machine Parts": {
    "Part Type": sel(["Reel Strip", "Award Card", "Coin Mechanism", "Handle", "Casting", "Clock / Escapement", "Jackpot Glass", "Decal"]),
    "Part Number": text,
    "Compatible Models": {
      type: "multi_select",
      options: [
        "Mills Castle Front",
        "Mills Blue Front",
        "Mills Hi-Top",
        "Jennings Standard Chief",
        "Jennings Sun Chief",
        "Watling Rol-a-Top",
        "Pace Comet",
        "Caille Superior",
      ],
    },
  },
  "Trade Stimulators": {
    "Stimulator Type": sel(["Dice", "Card Reels", "Wheel", "Cigarette Reels", "Gum Vendor"]),
    "Original Location": text,
  },
  "Vending Machines": {
    Type: sel(["Gumball", "Peanut", "Cold Drink", "Candy Column", "Stamp", "Matches", "Perfume"]),
    "Product Category": sel(["Confectionery", "Beverages", "Nuts", "Tobacco", "Stamps", "Novelties"]),
    "Coin Mechanism": text,
    Dimensions: text,
  },
  "Advertising Items": {
    "Ad Type": sel(["Tin Sign", "Thermometer", "Clock", "Serving Tray", "Die-cut Display", "Porcelain Sign", "Poster"]),
    Theme: sel(["Soft Drinks", "Gum & Candy", "Tobacco", "Gaming", "Coin-op Trade", "Dairy"]),
    Material: sel(["Tin", "Porcelain", "Cardboard", "Glass", "Wood", "Neon"]),
    "Original Brand": text,
    Dimensions: text,
  },
  "Vintage Toys": {
    "Toy Type": sel(["Wind-up", "Friction", "Mechanical Bank", "Cast Iron", "Battery Operated"]),
    "Age Range": text,
  },
};

/** A layout property as the demo declares it: the chosen type (refused unless the layout accepts it) and options. */
function declared(db: string, prop: LayoutProperty, choice: Choice = {}): DemoProperty {
  const type = choice.type ?? prop.types[0];
  if (type === undefined) throw new Error(`${db}: the layout gives ${prop.name} no type`);
  if (!prop.types.includes(type)) throw new Error(`${db}: the layout does not accept ${type} for ${prop.name}`);
  const options = choice.options ?? [...(prop.options ?? []), ...(prop.suggested ?? [])];
  if (type === "select" || type === "multi_select") return { type, options };
  return type === "number" ? { type, format: prop.format ?? "number" } : { type };
}

/** The property schema of the layout database `title`, in layout order, with the demo's choices of type and options by property. */
export function layoutProperties(title: string, choices: Record<string, Choice> = {}): Record<string, DemoProperty> {
  const db = layoutDatabase(title);
  if (!db) throw new Error(`${title} is not a database of the workspace layout`);
  const unknown = Object.keys(choices).find((name) => !db.properties.some((p) => p.name === name));
  if (unknown) throw new Error(`${title}: ${unknown} is not a property of the workspace layout`);
  return Object.fromEntries(db.properties.map((p) => [p.name, declared(title, p, choices[p.name])]));
}

/** The full property schema of a catalogue database: the layout's, Manufacturer and Condition as a select in some databases, the demo's select options. */
export function catalogueProperties(title: CatalogueTitle): Record<string, DemoProperty> {
  const manufacturers = MANUFACTURERS[title];
  return layoutProperties(title, {
    Manufacturer: manufacturers ? sel(manufacturers) : text,
    Condition: CONDITION_SELECT.has(title) ? { type: "select" } : text,
    ...SPECIFIC[title],
  });
}
