import { external } from "../blocks.ts";
import type { Item } from "./item.ts";

/** Advertising items: signs, thermometers, clocks and trays from the coin-op and soda trades. */
export const ADVERTISING: Item[] = [
  {
    title: "Coca-Cola Embossed Tin Sign",
    description:
      "Embossed tin 'Drink Coca-Cola' sign with the fishtail border. Strong colour, light edge wear and original mounting holes.",
    manufacturer: "American Art Works",
    year: 1941,
    main: "ad-tin-sign.png",
    forSale: true,
    price: 875,
    condition: "Very good",
    fields: { "Ad Type": "Tin Sign", Theme: "Soft Drinks", Material: "Tin", "Original Brand": "Coca-Cola", Dimensions: '28" x 20"' },
  },
  {
    title: "Ice Cold Drinks Thermometer",
    description: "Tall tin thermometer from a soda fountain doorway, working glass tube.",
    manufacturer: "Stout Sign Co.",
    year: 1952,
    main: "ad-thermometer.png",
    extra: [external("ad-thermometer.png")],
    forSale: true,
    price: 310,
    condition: "Good",
    fields: {
      "Ad Type": "Thermometer",
      Theme: "Soft Drinks",
      Material: "Tin",
      "Original Brand": "Generic soda fountain",
      Dimensions: '39" x 9"',
    },
  },
  {
    title: "Mills Novelty Showroom Clock",
    description: "Wall clock from a Mills Novelty Co. distributor's showroom, 'Play Slots' across the dial. Electric movement, runs well.",
    manufacturer: "Pam Clock Co.",
    main: "ad-clock.png",
    condition: "Good",
    fields: {
      "Ad Type": "Clock",
      Theme: "Coin-op Trade",
      Material: "Glass",
      "Original Brand": "Mills Novelty Co.",
      Dimensions: '15" diameter',
    },
  },
  {
    title: "Hires Root Beer Serving Tray",
    description: "Lithographed tin serving tray with the Hires star. Some scratches to the rim.",
    manufacturer: "Chas. W. Shonk Co.",
    year: 1915,
    main: "ad-tray.png",
    forSale: true,
    price: 240,
    condition: "Fair",
    fields: { "Ad Type": "Serving Tray", Theme: "Soft Drinks", Material: "Tin", "Original Brand": "Hires", Dimensions: '13" x 10.5"' },
  },
  {
    title: "Wrigley's Spearmint Counter Display",
    description: "Die-cut cardboard counter display with the Spearmint arrow man, used beside gum vendors in drug stores.",
    manufacturer: "Wrigley Co.",
    year: 1932,
    main: "ad-gum-display.png",
    condition: "Good",
    fields: { "Ad Type": "Die-cut Display", Theme: "Gum & Candy", Material: "Cardboard", "Original Brand": "Wrigley's" },
  },
];
