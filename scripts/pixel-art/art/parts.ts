import { Canvas, cycle, hex, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import type { Palette } from "./palette.ts";
import { drawSymbol, type ReelSymbol } from "./symbols.ts";

/** Kinds of parts and close-up detail shots. */
export type PartForm =
  "reel-strip" | "gear" | "coin-mech" | "handle" | "award-card" | "casting" | "reels" | "coin-entry" | "back-door" | "decal";

const STRIP: ReelSymbol[] = ["cherry", "bar", "bell", "plum", "seven", "lemon", "star"];

/** A part or close-up on a workbench: reel strips, gears, coin mechanism, handle, award card, castings and so on. */
export function partPicture(p: Palette, form: PartForm, label = ""): Canvas {
  const c = new Canvas(800, 600, mix(p.floor, [255, 255, 255], 0.45));
  for (let y = 0; y < 600; y += 46) c.rect(0, y, 800, 3, mix(p.floor, [255, 255, 255], 0.3));
  switch (form) {
    case "reel-strip":
      for (let k = 0; k < 3; k++) {
        c.rect(180 + k * 160, 40, 120, 520, p.light);
        STRIP.slice(0, 6).forEach((s, i) => drawSymbol(c, cycle(STRIP, i + k * 2), 180 + k * 160, 45 + i * 85, 120, 80));
      }
      break;
    case "gear":
    case "casting":
      gear(c, 330, 300, 170, 24, form === "gear" ? hex("#9e9e9e") : p.trim, p);
      gear(c, 570, 200, 90, 14, hex("#b0855a"), p);
      break;
    case "coin-mech":
    case "coin-entry":
      c.roundRect(220, 120, 360, 360, 20, hex("#9ea7ad"));
      c.roundRect(360, 150, 80, 20, 6, p.dark);
      c.rect(300, 200, 30, 240, hex("#7b858c"));
      c.rect(470, 200, 30, 240, hex("#7b858c"));
      c.circle(400, 330, 60, hex("#d4af37"));
      c.circle(400, 330, 46, hex("#e6c35c"));
      drawTextCentred(c, form === "coin-entry" ? "5¢" : "25¢", 400, 316, 4, mix(p.dark, hex("#d4af37"), 0.3));
      break;
    case "handle":
      c.line(250, 460, 520, 160, 28, hex("#d0d4d8"));
      c.circle(540, 140, 50, p.accent);
      c.circle(525, 125, 14, [255, 255, 255], 0.5);
      c.roundRect(200, 440, 110, 70, 14, hex("#9e9e9e"));
      break;
    case "award-card":
      c.roundRect(170, 110, 460, 380, 12, p.light);
      drawTextCentred(c, label || "AWARDS", 400, 140, 5, p.accent);
      (["cherry", "bell", "plum", "bar"] as ReelSymbol[]).forEach((s, i) => {
        for (let k = 0; k < 3; k++) drawSymbol(c, s, 200 + k * 70, 200 + i * 70, 66, 64);
        drawTextCentred(c, String([2, 18, 14, 100][i]), 530, 222 + i * 70, 4, p.dark);
      });
      break;
    case "reels":
      c.rect(100, 80, 600, 440, p.dark);
      (["bell", "bar", "cherry"] as ReelSymbol[]).forEach((s, i) => {
        c.rect(120 + i * 195, 100, 180, 400, p.light);
        drawSymbol(c, cycle(STRIP, i + 3), 120 + i * 195, 100, 180, 130);
        drawSymbol(c, s, 120 + i * 195, 235, 180, 130);
        drawSymbol(c, cycle(STRIP, i + 5), 120 + i * 195, 370, 180, 130);
      });
      c.rect(100, 297, 600, 6, p.accent);
      break;
    case "back-door":
      c.roundRect(160, 80, 480, 440, 16, p.body);
      c.roundRect(190, 110, 420, 380, 10, mix(p.body, p.dark, 0.25));
      c.circle(560, 300, 26, p.trim);
      c.rect(555, 290, 10, 22, p.dark);
      for (const y of [150, 450]) c.roundRect(150, y - 20, 30, 40, 6, p.trim);
      break;
    case "decal":
      c.ellipse(400, 300, 280, 190, p.trim);
      c.ellipse(400, 300, 256, 166, p.body);
      drawTextCentred(c, label || "BELL", 400, 270, 9, p.light);
      break;
  }
  return c;
}

function gear(c: Canvas, cx: number, cy: number, r: number, teeth: number, color: [number, number, number], p: Palette) {
  for (let i = 0; i < teeth; i++) {
    const a = (i * 2 * Math.PI) / teeth;
    c.line(
      cx + Math.cos(a) * r * 0.8,
      cy + Math.sin(a) * r * 0.8,
      cx + Math.cos(a) * r * 1.08,
      cy + Math.sin(a) * r * 1.08,
      (r * 2.6) / teeth,
      color,
    );
  }
  c.circle(cx, cy, r * 0.88, color);
  c.circle(cx, cy, r * 0.55, mix(color, p.dark, 0.25));
  c.circle(cx, cy, r * 0.18, p.dark);
}
