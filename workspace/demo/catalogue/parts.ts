import type { Item } from "./item.ts";

/** Machine parts: reproduction and original parts for restorations. */
export const PARTS: Item[] = [
  {
    title: "Mills Fruit Reel Strip Set",
    description:
      "Set of three reproduction reel strips printed on heavy stock from scans of original Mills strips. Correct symbol order for Castle Front, Blue Front and War Eagle machines.",
    manufacturer: "Reproduction (our workshop)",
    main: "part-reel-strips.png",
    forSale: true,
    price: 45,
    condition: "Excellent",
    fields: { "Part Type": "Reel Strip", "Part Number": "RS-MILLS-3", "Compatible Models": ["Mills Castle Front", "Mills Blue Front"] },
  },
  {
    title: "Jennings Chief Award Card",
    description:
      "Reproduction award card for Jennings Standard Chief and Sun Chief machines, nickel play, printed in the original two colours.",
    manufacturer: "Reproduction (our workshop)",
    main: "part-award-card.png",
    forSale: true,
    price: 18,
    condition: "Excellent",
    fields: {
      "Part Type": "Award Card",
      "Part Number": "AC-JEN-05",
      "Compatible Models": ["Jennings Standard Chief", "Jennings Sun Chief"],
    },
  },
  {
    title: "Watling Coin Escalator",
    description: "Original Watling coin escalator, cleaned and adjusted. Fits Rol-a-Top and Blue Seal machines. Used, fully working.",
    manufacturer: "Watling Manufacturing",
    year: 1935,
    main: "part-coin-mech.png",
    forSale: true,
    price: 220,
    condition: "Good",
    fields: { "Part Type": "Coin Mechanism", "Part Number": "W-ESC-11", "Compatible Models": ["Watling Rol-a-Top"] },
  },
  {
    title: "Mills Handle Assembly",
    description: "Complete handle assembly with chrome arm, red ball knob and mounting hub. Replated arm, new knob.",
    manufacturer: "Mills Novelty Co.",
    main: "part-handle.png",
    forSale: true,
    price: 165,
    condition: "Restored",
    fields: {
      "Part Type": "Handle",
      "Part Number": "M-HDL-2",
      "Compatible Models": ["Mills Castle Front", "Mills Blue Front", "Mills Hi-Top"],
    },
  },
  {
    title: "Caille Clock and Escapement",
    description: "Original Caille timing clock that controls reel spin duration. Serviced and regulated. Sold as seen.",
    manufacturer: "Caille Brothers",
    year: 1927,
    main: "part-gears.png",
    forSale: true,
    condition: "Fair",
    fields: { "Part Type": "Clock / Escapement", "Part Number": "C-CLK-1", "Compatible Models": ["Caille Superior"] },
  },
  {
    title: "Pace Comet Front Casting",
    description: "Raw aluminium front casting for the Pace Comet, ready for paint. A few casting pits, otherwise straight and complete.",
    manufacturer: "Pace Manufacturing",
    year: 1935,
    main: "part-castings.png",
    forSale: true,
    price: 390,
    condition: "Project",
    fields: { "Part Type": "Casting", "Part Number": "P-FRT-35", "Compatible Models": ["Pace Comet"] },
  },
];
