import type { Item } from "./item.ts";

/** Trade stimulators: counter-top games that "paid" in trade, cigars or gum. */
export const TRADE_STIMULATORS: Item[] = [
  {
    title: "Groetchen Ginger Card Reels",
    description:
      "Penny counter game with five card reels: the player's poker hand was paid in trade by the shopkeeper. Original paint and a crisp mechanism.",
    manufacturer: "Groetchen Tool Co.",
    year: 1936,
    main: "trade-cards.png",
    forSale: true,
    price: 650,
    condition: "Very Good",
    fields: { "Stimulator Type": "Card Reels", "Original Location": "Cigar store, Peoria, Illinois" },
  },
  {
    title: "Daval Reel 21",
    description:
      "A blackjack game on three reels from Daval of Chicago. Small enough to sit beside a cash register, and very popular in the mid-1930s.",
    manufacturer: "Daval Manufacturing",
    year: 1936,
    main: "trade-blackjack.png",
    forSale: true,
    price: 525,
    condition: "Good",
    fields: { "Stimulator Type": "Card Reels", "Original Location": "Tavern, Milwaukee, Wisconsin" },
  },
  {
    title: "Mills Puritan Baby Bell",
    description:
      "A tiny bell-fruit counter game made to look innocent, with a gum vendor on the side. The year is not recorded; the style dates it to the years before the First World War.",
    manufacturer: "Mills Novelty Co.",
    main: "trade-wheel.png",
    condition: "Original",
    fields: { "Stimulator Type": "Gum Vendor", "Original Location": "Drug store, Springfield, Illinois" },
  },
  {
    title: "Buckley Cent-a-Pack",
    description: "Cigarette reels: line up three packs and collect them at the counter. Painted cast front with the Buckley logo.",
    manufacturer: "Buckley",
    year: 1934,
    main: "trade-cigar.png",
    forSale: true,
    price: 480,
    condition: "Fair",
    fields: { "Stimulator Type": "Cigarette Reels", "Original Location": "Unknown" },
  },
  {
    title: "Caille Dice Shaker",
    description: "Three dice under a glass dome are tumbled by a plunger; the shopkeeper paid in cigars. Oak and nickel-plated brass.",
    manufacturer: "Caille Brothers",
    year: 1905,
    main: "trade-shaker.png",
    forSale: true,
    price: 1150,
    condition: "Restored",
    fields: { "Stimulator Type": "Dice", "Original Location": "Saloon, Detroit, Michigan" },
  },
  {
    // The demo's draft: its Published box is unticked, so no page, listing, search or feed of the site shows it.
    title: "Groetchen Pok-O-Reel",
    description: "Still being written up: photographs and provenance to follow once the restoration is done.",
    manufacturer: "Groetchen Tool Co.",
    year: 1932,
    main: "trade-cards.png",
    forSale: true,
    price: 395,
    condition: "Project",
    draft: true,
    fields: { "Stimulator Type": "Card Reels" },
  },
];
