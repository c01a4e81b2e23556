import { hosted } from "./blocks.ts";
import type { Item } from "./catalogue/item.ts";
import { seededId } from "./ids.ts";
import { catalogueDatabase, loadDemoWorkspace } from "./load.ts";
import { CATALOGUE_TITLES, type CatalogueTitle } from "./schemas.ts";
import type { Workspace } from "./types.ts";

export { loadDemoWorkspace };

const MAIN_IMAGES: Record<CatalogueTitle, string[]> = {
  "Slot Machines": [
    "slot-castle-front.png",
    "slot-bell-green.png",
    "slot-cherry-red.png",
    "slot-blackcat.png",
    "slot-chrome.png",
    "slot-blue.png",
    "slot-cream.png",
    "slot-walnut.png",
    "slot-teal.png",
    "slot-mustard.png",
    "slot-maroon.png",
    "slot-orange.png",
    "slot-eagle.png",
    "slot-hitop.png",
    "slot-money-honey.png",
  ],
  "Machine Parts": [
    "part-reel-strips.png",
    "part-gears.png",
    "part-coin-mech.png",
    "part-handle.png",
    "part-award-card.png",
    "part-castings.png",
  ],
  "Arcade Machines": [
    "arcade-fortune.png",
    "arcade-claw.png",
    "arcade-strength.png",
    "arcade-viewer.png",
    "arcade-pinball.png",
    "arcade-baseball.png",
    "arcade-skeeball.png",
  ],
  "Trade Stimulators": [
    "trade-dice.png",
    "trade-cards.png",
    "trade-wheel.png",
    "trade-cigar.png",
    "trade-blackjack.png",
    "trade-shaker.png",
  ],
  "Vending Machines": [
    "vending-gumball.png",
    "vending-cooler.png",
    "vending-column.png",
    "vending-peanut.png",
    "vending-northwestern.png",
    "vending-slider.png",
  ],
  "Advertising Items": ["ad-tin-sign.png", "ad-thermometer.png", "ad-clock.png", "ad-tray.png", "ad-gum-display.png"],
  "Vintage Toys": ["toy-robot.png", "toy-car.png", "toy-bank.png", "toy-robot-blue.png"],
};

const MAKERS = [
  "Mills Novelty Co.",
  "Jennings & Co.",
  "Watling Manufacturing",
  "Pace Manufacturing",
  "Caille Brothers",
  "Groetchen Tool Co.",
];

/**
 * A workspace of `totalItems` catalogue items spread evenly over the 7 catalogue databases (for the sync benchmark).
 * Every item has its own Notion-hosted main image (unique file id); values are deterministic.
 */
export function generateCatalogueWorkspace(totalItems: number): Workspace {
  const databases = CATALOGUE_TITLES.map((title, d) => {
    const count = Math.floor(totalItems / CATALOGUE_TITLES.length) + (d < totalItems % CATALOGUE_TITLES.length ? 1 : 0);
    const items: Item[] = Array.from({ length: count }, (_, n) => generatedItem(title, n));
    return catalogueDatabase(title, items);
  });
  return { id: seededId(`workspace:generated:${totalItems}`), name: `Generated catalogue (${totalItems} items)`, databases };
}

function generatedItem(title: CatalogueTitle, n: number): Item {
  const images = MAIN_IMAGES[title];
  const image = images[n % images.length];
  if (image === undefined) throw new Error(`no main images for ${title}`);
  const year = 1895 + ((n * 7) % 70);
  return {
    title: `${title.replace(/s$/, "")} No. ${n + 1}`,
    description: `Generated ${title.toLowerCase()} item ${n + 1} for load testing: a ${year} machine with its original finish.`,
    year,
    main: { ...hosted(image, `${title.toLowerCase().replace(/\s+/g, "-")}-${n + 1}.png`), id: seededId(`generated-file:${title}:${n}`) },
    forSale: title !== "Vintage Toys" && n % 3 !== 0,
    price: n % 3 !== 0 ? 250 + ((n * 37) % 40) * 50 : undefined,
    manufacturer: MAKERS[n % MAKERS.length],
  };
}
