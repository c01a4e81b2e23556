import { Canvas, hex, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import { slotMachine } from "./slot.ts";
import { PALETTES } from "./palette.ts";

/** The wide header picture: a marquee with chaser lights and a row of small machines. */
export function headerImage(): Canvas {
  const c = new Canvas(1200, 300, hex("#2b1d14"));
  c.gradient(0, 0, 1200, 300, hex("#3a261a"), hex("#1d130d"));
  for (let x = 20; x < 1200; x += 40) {
    c.circle(x, 18, 7, hex("#ffd54f"));
    c.circle(x, 282, 7, hex("#ffd54f"));
  }
  c.roundRect(330, 70, 540, 160, 20, hex("#7a1f17"));
  c.roundRect(342, 82, 516, 136, 14, hex("#9b2d20"));
  drawTextCentred(c, "ANTIQUE", 600, 100, 8, hex("#f7e7b4"));
  drawTextCentred(c, "COIN-OP", 600, 168, 7, hex("#e0b84c"));
  const small = slotMachine(PALETTES.oak, ["seven", "bar", "cherry"], "5¢");
  paste(c, small, 40, 40, 0.35);
  paste(c, slotMachine(PALETTES.green, ["bell", "bell", "plum"], "10¢"), 1200 - 40 - 280, 40, 0.35);
  return c;
}

/**
 * The site's default social card (1200 x 630, the size Facebook, LinkedIn and X show large): the marquee and two
 * machines, no shop name (that is edited in Notion; `og:image:alt` carries it).
 */
export function socialImage(): Canvas {
  const c = new Canvas(1200, 630, hex("#2b1d14"));
  c.gradient(0, 0, 1200, 630, hex("#3a261a"), hex("#1d130d"));
  for (let x = 20; x < 1200; x += 40) {
    c.circle(x, 18, 7, hex("#ffd54f"));
    c.circle(x, 612, 7, hex("#ffd54f"));
  }
  paste(c, slotMachine(PALETTES.oak, ["seven", "bar", "cherry"], "5¢"), 40, 180, 0.45);
  paste(c, slotMachine(PALETTES.green, ["bell", "bell", "plum"], "10¢"), 1200 - 40 - 360, 180, 0.45);
  c.roundRect(400, 205, 400, 220, 22, hex("#7a1f17"));
  c.roundRect(414, 219, 372, 192, 16, hex("#9b2d20"));
  drawTextCentred(c, "ANTIQUE", 600, 250, 8, hex("#f7e7b4"));
  drawTextCentred(c, "COIN-OP", 600, 330, 7, hex("#e0b84c"));
  return c;
}

/** A square logo: a gold coin with a slot-machine star. */
export function logoImage(): Canvas {
  const c = new Canvas(400, 400, hex("#f7f0e1"));
  c.circle(200, 200, 180, hex("#7a1f17"));
  c.circle(200, 200, 160, hex("#d4af37"));
  c.circle(200, 200, 140, hex("#e6c35c"));
  drawTextCentred(c, "COIN", 200, 130, 7, hex("#7a1f17"));
  drawTextCentred(c, "OP", 200, 200, 10, hex("#7a1f17"));
  return c;
}

/** A subtle, tileable paper texture (256 px; every motif repeats within the tile). */
export function backgroundTexture(): Canvas {
  const base = hex("#f4ecdc");
  const c = new Canvas(256, 256, base);
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      if ((x + y) % 32 === 0) c.set(x, y, mix(base, hex("#b89b72"), 0.18));
      else if ((x * 7 + y * 13) % 97 === 0) c.set(x, y, mix(base, hex("#8c6d4a"), 0.2));
    }
  }
  for (let y = 16; y < 256; y += 64) for (let x = 16; x < 256; x += 64) c.circle(x, y, 2.5, mix(base, hex("#b89b72"), 0.3));
  return c;
}

/** Copies `src` scaled by `scale` (nearest neighbour) with its top-left at (x, y). */
function paste(dst: Canvas, src: Canvas, x: number, y: number, scale: number) {
  const w = Math.round(src.width * scale);
  const h = Math.round(src.height * scale);
  for (let yy = 0; yy < h; yy++) {
    for (let xx = 0; xx < w; xx++) {
      const i = (Math.floor(yy / scale) * src.width + Math.floor(xx / scale)) * 3;
      dst.set(x + xx, y + yy, [src.data[i] ?? 0, src.data[i + 1] ?? 0, src.data[i + 2] ?? 0]);
    }
  }
}
