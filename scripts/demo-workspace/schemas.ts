import type { PropertySpec } from "./types.ts";

/** Catalogue database titles, in the order of the workspace contract. */
export const CATALOGUE_TITLES = [
  "Slot Machines",
  "Machine Parts",
  "Arcade Machines",
  "Trade Stimulators",
  "Vending Machines",
  "Advertising Items",
  "Vintage Toys",
] as const;

/** A catalogue database title. */
export type CatalogueTitle = (typeof CATALOGUE_TITLES)[number];

const CONDITIONS = ["Excellent", "Very Good", "Good", "Fair", "Restored", "Original", "Project"];

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

const sel = (options: string[]): PropertySpec => ({ type: "select", options });
const text: PropertySpec = { type: "rich_text" };

/** Category-specific properties of each catalogue database. */
const SPECIFIC: Record<CatalogueTitle, Record<string, PropertySpec>> = {
  "Slot Machines": {
    Denomination: sel(["1¢", "5¢", "10¢", "25¢", "50¢"]),
    "Serial Number": text,
    "Cabinet Type": sel(["Upright", "Console", "Counter-top", "Floor Model"]),
    "Mechanism Type": sel(["Mechanical", "Electro-mechanical", "Clockwork"]),
  },
  "Arcade Machines": {
    "Game Type": sel(["Fortune Teller", "Strength Tester", "Digger / Crane", "Viewer", "Pinball", "Shooting Gallery", "Grip Tester"]),
    "Number Of Players": { type: "number", format: "number" },
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

/** The full property schema of a catalogue database: the common properties, then its own. */
export function catalogueProperties(title: CatalogueTitle): Record<string, PropertySpec> {
  const manufacturers = MANUFACTURERS[title];
  return {
    Title: { type: "title" },
    Description: text,
    Manufacturer: manufacturers ? sel(manufacturers) : text,
    Year: { type: "number", format: "number" },
    "Main Image": { type: "files" },
    "Additional Images": { type: "files" },
    "For Sale": { type: "checkbox" },
    Price: { type: "number", format: "dollar" },
    Condition: CONDITION_SELECT.has(title) ? sel(CONDITIONS) : text,
    ...SPECIFIC[title],
  };
}
