import { type Canvas, mix } from "../canvas.ts";
import type { Palette } from "./palette.ts";

/** Wall, skirting and floor behind a machine, with a soft shadow where it stands. */
export function roomScene(c: Canvas, p: Palette, floorY = 470, shadowWidth = 220) {
  c.gradient(0, 0, c.width, floorY, mix(p.wall, [255, 255, 255], 0.25), p.wall);
  c.rect(0, floorY - 12, c.width, 12, mix(p.floor, p.dark, 0.3));
  c.gradient(0, floorY, c.width, c.height - floorY, p.floor, mix(p.floor, p.dark, 0.4));
  for (let x = -40; x < c.width; x += 90) c.line(x, c.height, x + 40, floorY, 2, mix(p.floor, p.dark, 0.25), 0.5);
  c.ellipse(c.width / 2, floorY + 55, shadowWidth, 26, p.dark, 0.35);
}

/** A counter top (for counter-top machines) instead of a floor. */
export function counterScene(c: Canvas, p: Palette, topY = 420) {
  c.gradient(0, 0, c.width, topY, mix(p.wall, [255, 255, 255], 0.2), p.wall);
  c.rect(0, topY, c.width, 24, mix(p.floor, [255, 255, 255], 0.15));
  c.gradient(0, topY + 24, c.width, c.height - topY - 24, p.floor, mix(p.floor, p.dark, 0.5));
  c.ellipse(c.width / 2, topY + 6, 230, 14, p.dark, 0.3);
}
