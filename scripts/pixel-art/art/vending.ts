import { Canvas, cycle, hex, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import type { Palette } from "./palette.ts";
import { counterScene, roomScene } from "./scene.ts";

/** Vending machine forms. */
export type VendingForm = "gumball" | "cooler" | "column";

const CANDY = ["#e53935", "#fdd835", "#43a047", "#1e88e5", "#fb8c00", "#8e24aa", "#f06292"].map(hex);

/** A vending machine: a globe gumball vendor, an ice-cold drink cooler or a column candy vendor. */
export function vendingMachine(p: Palette, form: VendingForm, label: string): Canvas {
  const c = new Canvas(800, 600, p.wall);
  if (form === "gumball") {
    counterScene(c, p, 450);
    c.roundRect(330, 330, 140, 120, 14, p.body);
    c.rect(375, 360, 50, 36, p.trim);
    c.circle(400, 378, 14, p.dark);
    c.roundRect(375, 410, 50, 26, 6, p.dark);
    c.circle(400, 220, 120, mix(p.light, hex("#b3e5fc"), 0.5));
    for (let row = 0, y = 318; y > 150; row++, y -= 19) {
      for (let x = 290 + (row % 2) * 11; x < 512; x += 22) {
        if (Math.hypot(x - 400, y - 220) < 106) c.circle(x, y, 11, cycle(CANDY, row * 3 + Math.round(x / 22)));
      }
    }
    c.circle(355, 170, 22, [255, 255, 255], 0.35);
    c.roundRect(350, 90, 100, 26, 10, p.body);
    c.circle(400, 86, 12, p.trim);
    return c;
  }
  roomScene(c, p, 480, 200);
  if (form === "cooler") {
    c.roundRect(220, 170, 360, 330, 26, p.body);
    c.roundRect(205, 150, 390, 50, 18, mix(p.body, [255, 255, 255], 0.15));
    c.rect(240, 230, 320, 70, p.light);
    drawTextCentred(c, label, 400, 245, 6, p.body);
    c.roundRect(255, 330, 290, 130, 12, mix(p.body, p.dark, 0.25));
    c.rect(520, 210, 30, 10, p.trim);
    c.rect(240, 500, 40, 12, p.dark);
    c.rect(520, 500, 40, 12, p.dark);
    return c;
  }
  c.roundRect(250, 40, 300, 460, 14, p.body);
  c.rect(270, 60, 260, 50, p.dark);
  drawTextCentred(c, label, 400, 74, 4, p.trim);
  for (let i = 0; i < 5; i++) {
    const x = 275 + i * 52;
    c.rect(x, 130, 42, 250, p.light);
    for (let j = 0; j < 8; j++) c.roundRect(x + 5, 138 + j * 30, 32, 22, 4, cycle(CANDY, i + j));
    c.roundRect(x + 6, 392, 30, 40, 4, p.trim);
  }
  c.rect(380, 450, 40, 8, p.dark);
  return c;
}
