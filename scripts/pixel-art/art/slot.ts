import { Canvas, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import type { Palette } from "./palette.ts";
import { roomScene } from "./scene.ts";
import { drawSymbol, type ReelSymbol } from "./symbols.ts";

/** A three-reel upright slot machine on its stand: crown, reel window, award card, payout cup, handle. */
export function slotMachine(p: Palette, reels: ReelSymbol[], label: string): Canvas {
  const c = new Canvas(800, 600, p.wall);
  roomScene(c, p);
  c.rect(285, 430, 230, 95, mix(p.body, p.dark, 0.45));
  c.rect(300, 520, 24, 12, p.dark);
  c.rect(476, 520, 24, 12, p.dark);
  c.roundRect(250, 120, 300, 320, 22, p.body);
  c.roundRect(262, 132, 276, 296, 16, mix(p.body, [255, 255, 255], 0.12));
  c.roundRect(270, 62, 260, 80, 40, p.trim);
  c.circle(400, 98, 30, p.accent);
  drawTextCentred(c, label, 400, 88, 3, p.light);
  c.rect(388, 148, 24, 6, p.dark);
  c.roundRect(282, 185, 236, 122, 12, p.trim);
  c.roundRect(292, 195, 216, 102, 8, p.dark);
  reels.slice(0, 3).forEach((s, i) => {
    const x = 300 + i * 70;
    c.rect(x, 200, 62, 92, p.light);
    c.rect(x, 200, 62, 10, mix(p.light, p.dark, 0.25));
    c.rect(x, 282, 62, 10, mix(p.light, p.dark, 0.25));
    drawSymbol(c, s, x, 205, 62, 82);
  });
  c.rect(292, 244, 216, 3, p.accent);
  c.roundRect(292, 320, 216, 44, 6, p.light);
  for (let i = 0; i < 4; i++) c.rect(304, 328 + i * 9, 190 - i * 30, 4, mix(p.light, p.dark, 0.5));
  c.roundRect(335, 378, 130, 44, 10, p.trim);
  c.roundRect(350, 390, 100, 24, 8, p.dark);
  c.roundRect(548, 220, 34, 34, 8, p.trim);
  c.line(566, 236, 620, 130, 12, mix(p.trim, [255, 255, 255], 0.4));
  c.circle(622, 124, 20, p.accent);
  c.circle(616, 118, 6, [255, 255, 255], 0.6);
  return c;
}
