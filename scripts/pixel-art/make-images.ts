/** Draws the demo workspace's pictures and writes them as PNG files into site/public/demo-images/ (`node scripts/pixel-art/make-images.ts`). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { advertisingPiece } from "./art/advertising.ts";
import { arcadeMachine } from "./art/arcade.ts";
import { backgroundTexture, headerImage, logoImage } from "./art/branding.ts";
import { tradeStimulator } from "./art/counter.ts";
import { PALETTES as P } from "./art/palette.ts";
import { partPicture } from "./art/parts.ts";
import { slotMachine } from "./art/slot.ts";
import { vintageToy } from "./art/toy.ts";
import { vendingMachine } from "./art/vending.ts";
import type { Canvas } from "./canvas.ts";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";
import { encodePng } from "./png.ts";

const PICTURES: Record<string, () => Canvas> = {
  "slot-castle-front.png": () => slotMachine(P.oak, ["cherry", "bar", "bell"], "5¢"),
  "slot-bell-green.png": () => slotMachine(P.green, ["bell", "bell", "bell"], "10¢"),
  "slot-cherry-red.png": () => slotMachine(P.cherry, ["cherry", "cherry", "plum"], "25¢"),
  "slot-blackcat.png": () => slotMachine(P.black, ["seven", "seven", "bar"], "5¢"),
  "slot-chrome.png": () => slotMachine(P.chrome, ["bar", "bar", "bar"], "1¢"),
  "slot-blue.png": () => slotMachine(P.blue, ["lemon", "star", "cherry"], "50¢"),
  "slot-cream.png": () => slotMachine(P.cream, ["plum", "bell", "seven"], "10¢"),
  "slot-walnut.png": () => slotMachine(P.walnut, ["bell", "cherry", "bell"], "5¢"),
  "slot-teal.png": () => slotMachine(P.teal, ["star", "star", "bar"], "25¢"),
  "slot-mustard.png": () => slotMachine(P.mustard, ["lemon", "lemon", "plum"], "10¢"),
  "slot-maroon.png": () => slotMachine(P.maroon, ["cherry", "seven", "cherry"], "5¢"),
  "slot-orange.png": () => slotMachine(P.orange, ["bar", "bell", "bar"], "1¢"),
  "slot-eagle.png": () => slotMachine(P.black, ["bell", "bar", "bell"], "25¢"),
  "slot-hitop.png": () => slotMachine(P.red, ["seven", "cherry", "plum"], "10¢"),
  "slot-money-honey.png": () => slotMachine(P.mustard, ["bar", "bar", "seven"], "25¢"),
  "arcade-fortune.png": () => arcadeMachine(P.black, "fortune", "FORTUNE"),
  "arcade-claw.png": () => arcadeMachine(P.blue, "claw", "DIGGER"),
  "arcade-strength.png": () => arcadeMachine(P.cherry, "strength", "STRENGTH"),
  "arcade-viewer.png": () => arcadeMachine(P.oak, "viewer", "MUTOSCOPE"),
  "arcade-pinball.png": () => arcadeMachine(P.teal, "claw", "BAFFLE"),
  "arcade-baseball.png": () => arcadeMachine(P.maroon, "strength", "BASEBALL"),
  "arcade-skeeball.png": () => arcadeMachine(P.walnut, "viewer", "SKEE-BALL"),
  "part-reel-strips.png": () => partPicture(P.oak, "reel-strip"),
  "part-gears.png": () => partPicture(P.chrome, "gear"),
  "part-coin-mech.png": () => partPicture(P.blue, "coin-mech"),
  "part-handle.png": () => partPicture(P.cherry, "handle"),
  "part-award-card.png": () => partPicture(P.cream, "award-card", "PAYS"),
  "part-castings.png": () => partPicture(P.green, "casting"),
  "trade-dice.png": () => tradeStimulator(P.oak, "dice", "DICE"),
  "trade-cards.png": () => tradeStimulator(P.green, "cards", "POKER"),
  "trade-wheel.png": () => tradeStimulator(P.cherry, "wheel", "WHEEL"),
  "trade-cigar.png": () => tradeStimulator(P.black, "cards", "CIGARS"),
  "trade-blackjack.png": () => tradeStimulator(P.teal, "cards", "REEL 21"),
  "trade-shaker.png": () => tradeStimulator(P.walnut, "dice", "CIGARS"),
  "vending-gumball.png": () => vendingMachine(P.cherry, "gumball", ""),
  "vending-cooler.png": () => vendingMachine(P.red, "cooler", "ICE COLD"),
  "vending-column.png": () => vendingMachine(P.blue, "column", "CANDY 1¢"),
  "vending-peanut.png": () => vendingMachine(P.green, "gumball", ""),
  "vending-northwestern.png": () => vendingMachine(P.teal, "gumball", ""),
  "vending-slider.png": () => vendingMachine(P.maroon, "cooler", "DRINK"),
  "ad-tin-sign.png": () => advertisingPiece(P.red, "sign", ["DRINK", "COLA"]),
  "ad-thermometer.png": () => advertisingPiece(P.blue, "thermometer", ["ICE", "5¢"]),
  "ad-clock.png": () => advertisingPiece(P.green, "clock", ["PLAY", "SLOTS"]),
  "ad-tray.png": () => advertisingPiece(P.cherry, "tray", ["ROOT", "BEER"]),
  "ad-gum-display.png": () => advertisingPiece(P.mustard, "sign", ["CHEW", "GUM"]),
  "toy-robot.png": () => vintageToy(P.chrome, "robot"),
  "toy-car.png": () => vintageToy(P.red, "car"),
  "toy-bank.png": () => vintageToy(P.green, "bank"),
  "toy-robot-blue.png": () => vintageToy(P.blue, "robot"),
  "detail-reels.png": () => partPicture(P.oak, "reels"),
  "detail-coin-entry.png": () => partPicture(P.oak, "coin-entry"),
  "detail-mechanism.png": () => partPicture(P.chrome, "gear"),
  "detail-back-door.png": () => partPicture(P.oak, "back-door"),
  "detail-award-card.png": () => partPicture(P.oak, "award-card", "CASTLE"),
  "detail-decal.png": () => partPicture(P.oak, "decal", "MILLS"),
  "detail-handle.png": () => partPicture(P.oak, "handle"),
  "header-main.png": headerImage,
  "logo.png": logoImage,
  "background-texture.png": backgroundTexture,
};

const dir = DEMO_IMAGES_DIR;
mkdirSync(dir, { recursive: true });
let total = 0;
for (const [name, draw] of Object.entries(PICTURES)) {
  const canvas = draw();
  const png = encodePng(canvas.width, canvas.height, canvas.data);
  writeFileSync(join(dir, name), png);
  total += png.length;
  console.log(`${name.padEnd(28)} ${canvas.width}x${canvas.height} ${(png.length / 1024).toFixed(1)} KiB`);
}
console.log(`${Object.keys(PICTURES).length} images, ${(total / 1024).toFixed(0)} KiB in ${dir}`);
