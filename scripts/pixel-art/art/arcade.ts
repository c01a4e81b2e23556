import { Canvas, cycle, hex, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import type { Palette } from "./palette.ts";
import { roomScene } from "./scene.ts";

/** What shows behind an arcade machine's glass. */
export type ArcadeScene = "fortune" | "claw" | "strength" | "viewer";

/** A floor-standing arcade cabinet with a lit marquee and a scene behind glass. */
export function arcadeMachine(p: Palette, scene: ArcadeScene, marquee: string): Canvas {
  const c = new Canvas(800, 600, p.wall);
  roomScene(c, p, 480, 190);
  c.roundRect(255, 40, 290, 470, 16, p.body);
  c.roundRect(265, 50, 270, 64, 10, p.dark);
  drawTextCentred(c, marquee, 400, 68, 4, p.trim);
  for (let x = 275; x < 530; x += 22) c.circle(x, 108, 4, hex("#ffd54f"));
  c.roundRect(280, 130, 240, 220, 10, p.trim);
  c.rect(292, 142, 216, 196, mix(p.dark, p.accent, 0.35));
  drawScene(c, p, scene);
  c.line(300, 150, 350, 330, 6, [255, 255, 255], 0.15);
  c.roundRect(300, 372, 200, 110, 8, mix(p.body, p.dark, 0.3));
  c.rect(390, 392, 20, 8, p.dark);
  c.roundRect(360, 430, 80, 30, 6, p.trim);
  return c;
}

function drawScene(c: Canvas, p: Palette, scene: ArcadeScene) {
  switch (scene) {
    case "fortune":
      c.ellipse(400, 330, 80, 50, hex("#5e2a84"));
      c.circle(400, 215, 42, hex("#e0b48c"));
      c.ellipse(400, 178, 48, 26, p.accent);
      c.circle(400, 160, 8, hex("#ffd54f"));
      c.circle(385, 212, 5, p.dark);
      c.circle(415, 212, 5, p.dark);
      c.circle(400, 300, 26, hex("#b3e5fc"));
      return;
    case "claw":
      c.rect(300, 290, 200, 48, hex("#c8a26a"));
      for (let i = 0; i < 9; i++) c.circle(318 + i * 21, 300 + (i % 3) * 10, 9, cycle([hex("#e53935"), hex("#43a047"), hex("#1e88e5")], i));
      c.rect(396, 142, 8, 90, hex("#bdbdbd"));
      c.line(400, 232, 376, 262, 5, hex("#bdbdbd"));
      c.line(400, 232, 424, 262, 5, hex("#bdbdbd"));
      return;
    case "strength":
      c.circle(400, 240, 80, p.light);
      for (let a = 0; a < 9; a++) {
        const t = Math.PI * (0.8 + a * 0.175);
        c.line(400 + Math.cos(t) * 60, 240 + Math.sin(t) * 60, 400 + Math.cos(t) * 76, 240 + Math.sin(t) * 76, 4, p.dark);
      }
      c.line(400, 240, 450, 190, 5, p.accent);
      c.circle(400, 240, 8, p.dark);
      return;
    case "viewer":
      c.roundRect(330, 180, 140, 90, 20, p.dark);
      c.circle(370, 225, 24, hex("#90caf9"));
      c.circle(430, 225, 24, hex("#90caf9"));
      return;
  }
}
