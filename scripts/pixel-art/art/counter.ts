import { Canvas, hex, mix } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";
import type { Palette } from "./palette.ts";
import { counterScene } from "./scene.ts";
import { starPoints } from "./symbols.ts";

/** What a trade stimulator shows: dice under glass or card reels. */
export type CounterGame = "dice" | "cards" | "wheel";

/** A counter-top trade stimulator: cabinet, glass window with dice, card reels or a wheel, coin slot and lever. */
export function tradeStimulator(p: Palette, game: CounterGame, label: string): Canvas {
  const c = new Canvas(800, 600, p.wall);
  counterScene(c, p);
  c.roundRect(200, 170, 400, 250, 18, p.body);
  c.roundRect(215, 130, 370, 60, 14, p.trim);
  drawTextCentred(c, label, 400, 146, 4, p.dark);
  c.rect(390, 196, 20, 6, p.dark);
  c.roundRect(235, 220, 330, 150, 10, p.dark);
  if (game === "dice") {
    (
      [
        [300, 295, 6],
        [400, 280, 5],
        [500, 300, 3],
      ] as const
    ).forEach(([x, y, n]) => {
      c.roundRect(x - 34, y - 34, 68, 68, 10, p.light);
      pips(c, x, y, n, p.accent);
    });
  } else if (game === "cards") {
    for (let i = 0; i < 5; i++) {
      const x = 250 + i * 62;
      c.roundRect(x, 235, 54, 120, 6, p.light);
      const red = i % 2 === 0;
      c.polygon(starPoints(x + 27, 295, 16, 7), red ? hex("#c62828") : hex("#1a1a1a"));
    }
  } else {
    c.circle(400, 295, 68, p.light);
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      c.line(400, 295, 400 + Math.cos(a) * 66, 295 + Math.sin(a) * 66, 3, i % 2 ? p.accent : p.dark);
    }
    c.polygon(
      [
        [400, 218],
        [390, 200],
        [410, 200],
      ],
      p.accent,
    );
  }
  c.roundRect(600, 250, 26, 26, 6, p.trim);
  c.line(613, 262, 650, 200, 9, mix(p.trim, [255, 255, 255], 0.4));
  c.circle(652, 196, 14, p.accent);
  c.rect(230, 385, 340, 20, mix(p.body, p.dark, 0.35));
  return c;
}

function pips(c: Canvas, x: number, y: number, n: number, color: [number, number, number]) {
  const d = 18;
  const spots: Record<number, [number, number][]> = {
    3: [
      [-1, -1],
      [0, 0],
      [1, 1],
    ],
    5: [
      [-1, -1],
      [1, -1],
      [0, 0],
      [-1, 1],
      [1, 1],
    ],
    6: [
      [-1, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [1, 1],
    ],
  };
  for (const [i, j] of spots[n] ?? []) c.circle(x + i * d, y + j * d, 6, color);
}
