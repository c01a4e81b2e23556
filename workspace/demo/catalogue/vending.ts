import type { Item } from "./item.ts";

/** Vending machines: gum, peanuts, candy and cold drinks. */
export const VENDING: Item[] = [
  {
    title: "Vendo 44 Coca-Cola Cooler",
    description:
      "The compact Vendo 44 held 44 bottles and fitted in any corner store. Restored in Coca-Cola red and white, refrigeration converted to a modern sealed unit, coin mechanism original.",
    manufacturer: "Coca-Cola (Vendo)",
    year: 1956,
    main: "vending-cooler.png",
    forSale: true,
    price: 5200,
    condition: "Restored; new refrigeration",
    fields: {
      Type: "Cold Drink",
      "Product Category": "Beverages",
      "Coin Mechanism": "Vendo 10¢ slug-rejector",
      Dimensions: '58" H x 16" W x 17" D',
    },
  },
  {
    title: "Vendo 39 Slider",
    description:
      "Lift the lid, slide your bottle along the rails and pull it through the gate once your dime has been accepted. Original paint with good patina.",
    manufacturer: "Vendo",
    year: 1949,
    main: "vending-slider.png",
    condition: "Original paint; working",
    fields: { Type: "Cold Drink", "Product Category": "Beverages", "Coin Mechanism": "Vendo 5¢", Dimensions: '35" H x 26" W x 20" D' },
  },
  {
    title: "Columbus Model A Peanut Vendor",
    description: "Cast-iron Columbus with its original star globe and decal. Peanuts for a penny on the counter of a five-and-dime.",
    manufacturer: "Columbus Vending Co.",
    year: 1920,
    main: "vending-peanut.png",
    forSale: true,
    price: 690,
    condition: "Very good",
    fields: { Type: "Peanut", "Product Category": "Nuts", "Coin Mechanism": "Columbus 1¢ wheel", Dimensions: '15" H x 8" diameter' },
  },
  {
    title: "Advance 1¢ Gumball",
    description: "The Advance Machine Company's small round-globe gumball machine, red porcelain base, original lock and key.",
    manufacturer: "Advance Machine Co.",
    year: 1923,
    main: "vending-gumball.png",
    forSale: true,
    price: 420,
    condition: "Good",
    fields: {
      Type: "Gumball",
      "Product Category": "Confectionery",
      "Coin Mechanism": "Advance 1¢ rotary",
      Dimensions: '13" H x 7" diameter',
    },
  },
  {
    title: "Pulver Yellow Kid Gum Vendor",
    description:
      "The Pulver Chemical Company's gum vendor with the animated Yellow Kid figure that turns as the gum drops. Wall-mounted, with a mirrored front.",
    manufacturer: "Pulver",
    year: 1910,
    main: "vending-column.png",
    condition: "Original",
    fields: { Type: "Candy Column", "Product Category": "Confectionery", "Coin Mechanism": "Pulver 1¢", Dimensions: '22" H x 9" W x 5" D' },
  },
  {
    title: "Northwestern 33 Peanut Vendor",
    description: "The Northwestern 33 is the quintessential porcelain peanut machine. Green porcelain body, glass globe, original decal.",
    manufacturer: "Northwestern",
    year: 1933,
    main: "vending-northwestern.png",
    forSale: true,
    condition: "Very good",
    fields: { Type: "Peanut", "Product Category": "Nuts", "Coin Mechanism": "Northwestern 1¢/5¢ convertible" },
  },
];
