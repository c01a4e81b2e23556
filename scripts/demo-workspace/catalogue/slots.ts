import { external } from "../blocks.ts";
import type { Item } from "./item.ts";

/** Slot machines: upright bell machines from the 1920s to the 1960s. */
export const SLOTS: Item[] = [
  {
    title: "Mills Castle Front 5¢",
    description:
      "The Castle Front takes its name from the turreted cast-aluminium front Mills introduced in 1933. This example retains its original castle casting, three-reel mechanism and gooseneck coin entry. The cabinet has been stripped and refinished in period-correct oak, the reels re-stripped with reproduction Mills fruit strips, and the escalator, clock and payout slide rebuilt. It plays, pays and locks out exactly as it left the Chicago factory.",
    manufacturer: "Mills Novelty Co.",
    year: 1933,
    main: "slot-castle-front.png",
    extra: ["detail-reels.png", "detail-coin-entry.png", "detail-mechanism.png", "detail-back-door.png", "detail-award-card.png", "detail-decal.png", "detail-handle.png"],
    forSale: true,
    price: 4850,
    condition: "Restored",
    fields: { Denomination: "5¢", "Serial Number": "312487", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Mills Blue Front 10¢",
    description:
      "One of the most produced and best loved Mills models. Blue-painted front casting with gold highlights, original jackpot window and a clean, tight mechanism. Restored in our workshop with new springs, a rebuilt clock and fresh reel strips; the original Mills paper award card is still on the front.",
    manufacturer: "Mills Novelty Co.",
    year: 1938,
    main: "slot-blue.png",
    extra: ["detail-reels.png", "detail-mechanism.png"],
    forSale: true,
    price: 3900,
    condition: "Excellent",
    fields: { Denomination: "10¢", "Serial Number": "401122", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Jennings Standard Chief 25¢",
    description:
      "Post-war Jennings Standard Chief with the Indian-head casting and illuminated jackpot. Quarter play, the heaviest hitter of its day. The chrome has been replated, the cabinet is original with honest wear, and the mechanism has been fully serviced.",
    manufacturer: "Jennings & Co.",
    year: 1946,
    main: "slot-chrome.png",
    extra: ["detail-coin-entry.png"],
    forSale: true,
    price: 4200,
    condition: "Very Good",
    fields: { Denomination: "25¢", "Serial Number": "145903", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Jennings Sun Chief 5¢",
    description:
      "The Sun Chief's light-up front was designed to draw players from across a crowded tavern. Ours has its original lenses and a working lamp harness. Part of our own collection and shown here for reference.",
    manufacturer: "Jennings & Co.",
    year: 1948,
    main: "slot-cream.png",
    condition: "Original",
    fields: { Denomination: "5¢", "Serial Number": "161220", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Watling Rol-a-Top 5¢",
    description:
      "Many collectors call the Watling Rol-a-Top the most beautiful slot machine ever made. The cascading coin front, embossed with fruit and a horn of plenty, shows the coins rolling over the top of the machine. This one has an original coin front, a replated escutcheon and a mechanism rebuilt to factory specification.",
    manufacturer: "Watling Manufacturing",
    year: 1936,
    main: "slot-cherry-red.png",
    extra: ["detail-reels.png", "detail-decal.png", external("detail-award-card.png")],
    forSale: true,
    price: 6750,
    condition: "Excellent",
    fields: { Denomination: "5¢", "Serial Number": "73541", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Watling Blue Seal Gooseneck 1¢",
    description:
      "Early Watling penny bell with the gooseneck coin entry that lets the player watch the coin travel into the machine. Oak cabinet with original finish and a fine crackle. Penny play made it a favourite in drug stores and cigar stands.",
    manufacturer: "Watling Manufacturing",
    year: 1928,
    main: "slot-bell-green.png",
    condition: "Original",
    fields: { Denomination: "1¢", "Serial Number": "30872", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Pace Comet 5¢",
    description:
      "Pace's answer to the Mills Blue Front, with its distinctive star-spangled front casting. Our Comet has a rebuilt mechanism, new reel strips and a repainted front in the original factory colours.",
    manufacturer: "Pace Manufacturing",
    year: 1935,
    main: "slot-teal.png",
    forSale: true,
    price: 2950,
    condition: "Restored",
    fields: { Denomination: "5¢", "Serial Number": "18650", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Caille Superior Jackpot 5¢",
    description:
      "Caille Brothers of Detroit built some of the most ornate machines of the era. The Superior Jackpot has a heavy cast front with scrollwork and a side vendor. Original paint on the casting, refinished cabinet.",
    manufacturer: "Caille Brothers",
    year: 1929,
    main: "slot-walnut.png",
    forSale: true,
    price: 3650,
    condition: "Good",
    fields: { Denomination: "5¢", "Serial Number": "C-55218", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Groetchen Columbia 5¢",
    description:
      "The Groetchen Columbia is a compact counter-top bell that could be converted between nickel and penny play. Its small size made it easy to hide under a counter when the sheriff came by. Cast-aluminium case with its original red and silver paint.",
    manufacturer: "Groetchen Tool Co.",
    year: 1936,
    main: "slot-orange.png",
    forSale: true,
    price: 1250,
    condition: "Very Good",
    fields: { Denomination: "5¢", "Serial Number": "G26811", "Cabinet Type": "Counter-top", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Mills War Eagle 25¢",
    description:
      "The War Eagle's spread-winged front casting is one of the most striking designs Mills produced. Quarter play, with the original eagle casting, a rebuilt mechanism and a new jackpot glass.",
    manufacturer: "Mills Novelty Co.",
    year: 1931,
    main: "slot-eagle.png",
    extra: ["detail-mechanism.png", "detail-back-door.png"],
    forSale: true,
    price: 5400,
    condition: "Restored",
    fields: { Denomination: "25¢", "Serial Number": "288015", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Mills Hi-Top 10¢",
    description:
      "The Hi-Top was Mills' post-war workhorse, with the jackpot window raised to the top of the machine. This example came from a Reno club and still carries its club's name plate.",
    manufacturer: "Mills Novelty Co.",
    year: 1949,
    main: "slot-hitop.png",
    forSale: true,
    price: 2650,
    condition: "Good",
    fields: { Denomination: "10¢", "Serial Number": "465310", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Jennings Little Duke 1¢",
    description:
      "A small Jennings penny machine with its original Duke front. The serial number plate is missing, so the exact year is unknown; the castings point to the early 1930s. Shown in the gallery; not currently offered.",
    manufacturer: "Jennings & Co.",
    main: "slot-mustard.png",
    condition: "Project",
    fields: { Denomination: "1¢", "Cabinet Type": "Counter-top", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Bally Money Honey",
    description:
      "Bally's Money Honey of 1964 was the first electro-mechanical slot machine and the first with a bottomless hopper that could pay out up to 500 coins automatically. It changed casino floors for good. Ours has been rewired and its hopper motor rebuilt.",
    manufacturer: "Bally",
    year: 1964,
    main: "slot-money-honey.png",
    forSale: true,
    price: 3300,
    condition: "Very Good",
    fields: { Denomination: "25¢", "Serial Number": "B-1064-227", "Cabinet Type": "Console", "Mechanism Type": "Electro-mechanical" },
  },
  {
    title: "Pace All Star Comet 25¢",
    description: "Late-1930s Pace with the All Star front and a rotating jackpot display. Awaiting restoration.",
    manufacturer: "Pace Manufacturing",
    year: 1938,
    main: "slot-maroon.png",
    condition: "Project",
    fields: { Denomination: "25¢", "Cabinet Type": "Upright", "Mechanism Type": "Mechanical" },
  },
  {
    title: "Buckley Bones",
    description:
      "A floor-standing dice machine from Buckley of Chicago: the player's coin shakes five dice under a glass dome and the result pays out like a hand of poker dice. An unusual survivor with its original dice.",
    manufacturer: "Buckley",
    year: 1936,
    main: "slot-blackcat.png",
    condition: "Good",
    fields: { Denomination: "5¢", "Cabinet Type": "Floor Model", "Mechanism Type": "Clockwork" },
  },
];
