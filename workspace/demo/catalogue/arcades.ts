import type { Item } from "./item.ts";

/** Arcade machines: fortune tellers, strength testers, diggers and viewers. */
export const ARCADES: Item[] = [
  {
    title: "Exhibit Supply Grandmother's Predictions",
    description:
      "The classic fortune teller: Grandmother's hand moves over the cards and a fortune card drops into the tray. Original figure with a new wig and costume, rebuilt motor and card vendor.",
    manufacturer: "Exhibit Supply Co.",
    year: 1932,
    main: "arcade-fortune.png",
    extra: ["detail-coin-entry.png"],
    forSale: true,
    price: 14500,
    condition: "Restored; figure re-dressed; motor rebuilt",
    fields: { "Game Type": "Fortune Teller", "Number Of Players": 1, "Cabinet Condition": "Refinished oak with original marquee glass" },
  },
  {
    title: "Exhibit Supply Iron Claw Digger",
    description:
      "The crane digger that emptied the pockets of fairground crowds. Steam-shovel claw, original prize floor and a working coin chute.",
    manufacturer: "Exhibit Supply Co.",
    year: 1929,
    main: "arcade-claw.png",
    forSale: true,
    price: 6800,
    condition: "Very good; working",
    fields: { "Game Type": "Digger / Crane", "Number Of Players": 1, "Cabinet Condition": "Original paint, some wear on the base" },
  },
  {
    title: "Mills Lion Head Lung Tester",
    description: "Blow into the tube and the dial shows your lung power. Cast iron lion's head on a mahogany column.",
    manufacturer: "Mills Novelty Co.",
    year: 1904,
    main: "arcade-strength.png",
    condition: "Original; untouched",
    fields: { "Game Type": "Strength Tester", "Number Of Players": 1, "Cabinet Condition": "Original finish" },
  },
  {
    title: "Mutoscope Hand-Cranked Viewer",
    description:
      "Turn the crank and the flip-card reel brings a short film to life. Cast iron clamshell case with its original reel, 'The Bathing Beauty'.",
    manufacturer: "International Mutoscope Reel Co.",
    year: 1902,
    main: "arcade-viewer.png",
    forSale: true,
    price: 7900,
    condition: "Good",
    fields: { "Game Type": "Viewer", "Number Of Players": 1, "Cabinet Condition": "Repainted case, original marquee" },
  },
  {
    title: "Gottlieb Baffle Ball",
    description:
      "The counter-top bagatelle that launched the pinball industry in 1931. Seven balls for a penny, no flippers, no lights, pure skill and luck.",
    manufacturer: "Gottlieb",
    year: 1931,
    main: "arcade-pinball.png",
    forSale: true,
    price: 1100,
    condition: "Good; playfield wear",
    fields: { "Game Type": "Pinball", "Number Of Players": 1, "Cabinet Condition": "Original" },
  },
  {
    title: "Rock-Ola World Series",
    description:
      "Rock-Ola's mechanical baseball game: a pitcher figure throws, the batter swings, and the runners move round the diamond. Fully restored mechanism.",
    manufacturer: "Rock-Ola",
    year: 1937,
    main: "arcade-baseball.png",
    condition: "Restored",
    fields: { "Game Type": "Shooting Gallery", "Number Of Players": 2, "Cabinet Condition": "Refinished" },
  },
  {
    title: "Wurlitzer Skee-Ball Alley",
    description:
      "A short Wurlitzer-built Skee-Ball alley from the years Wurlitzer made the game under licence. Score reel works; ramp re-covered.",
    manufacturer: "Wurlitzer",
    main: "arcade-skeeball.png",
    condition: "Fair",
    fields: { "Game Type": "Shooting Gallery", "Number Of Players": 1, "Cabinet Condition": "Needs refinishing" },
  },
];
