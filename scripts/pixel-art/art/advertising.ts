import { Canvas, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import type { Palette } from "./palette.ts";
import { starPoints } from "./symbols.ts";

/** Advertising pieces. */
export type AdForm = "sign" | "thermometer" | "clock" | "tray";

/** A piece of advertising on a wall: tin sign, thermometer, clock or serving tray, with its brand words. */
export function advertisingPiece(p: Palette, form: AdForm, words: [string, string]): Canvas {
  const c = new Canvas(800, 600, p.wall);
  c.gradient(0, 0, 800, 600, mix(p.wall, [255, 255, 255], 0.3), p.wall);
  for (let x = 0; x < 800; x += 64) c.rect(x, 0, 2, 600, mix(p.wall, p.dark, 0.06));
  if (form === "sign") {
    c.roundRect(130, 150, 540, 300, 30, mix(p.dark, p.wall, 0.2), 0.25);
    c.roundRect(120, 130, 540, 300, 30, p.body);
    c.roundRect(138, 148, 504, 264, 22, p.light);
    c.roundRect(150, 160, 480, 240, 18, p.body);
    drawTextCentred(c, words[0], 390, 200, 8, p.light);
    drawTextCentred(c, words[1], 390, 290, 10, p.trim);
  } else if (form === "thermometer") {
    c.roundRect(310, 40, 180, 520, 30, p.body);
    drawTextCentred(c, words[0], 400, 70, 4, p.light);
    c.roundRect(385, 120, 30, 330, 15, p.light);
    c.rect(392, 260, 16, 190, p.accent);
    c.circle(400, 470, 30, p.accent);
    for (let y = 140; y < 440; y += 30) c.rect(425, y, 22, 4, p.light);
    drawTextCentred(c, words[1], 400, 520, 3, p.trim);
  } else if (form === "clock") {
    c.circle(400, 300, 220, p.body);
    c.circle(400, 300, 196, p.light);
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      c.line(400 + Math.cos(a) * 165, 300 + Math.sin(a) * 165, 400 + Math.cos(a) * 185, 300 + Math.sin(a) * 185, 8, p.dark);
    }
    drawTextCentred(c, words[0], 400, 200, 5, p.body);
    drawTextCentred(c, words[1], 400, 370, 4, p.accent);
    c.line(400, 300, 400, 175, 8, p.dark);
    c.line(400, 300, 480, 330, 8, p.dark);
    c.circle(400, 300, 12, p.accent);
  } else {
    c.ellipse(400, 300, 300, 220, mix(p.trim, p.dark, 0.2));
    c.ellipse(400, 300, 280, 200, p.body);
    c.polygon(starPoints(400, 230, 60, 26), p.trim);
    drawTextCentred(c, words[0], 400, 310, 6, p.light);
    drawTextCentred(c, words[1], 400, 380, 4, p.trim);
  }
  return c;
}
