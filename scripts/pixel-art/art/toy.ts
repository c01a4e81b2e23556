import { Canvas, cycle, hex, mix } from "../canvas.ts";
import type { Palette } from "./palette.ts";
import { counterScene } from "./scene.ts";

/** Toy forms. */
export type ToyForm = "robot" | "car" | "bank";

/** A tin toy on a shelf: a wind-up robot, a friction car or a mechanical coin bank. */
export function vintageToy(p: Palette, form: ToyForm): Canvas {
  const c = new Canvas(800, 600, p.wall);
  counterScene(c, p, 440);
  if (form === "robot") {
    c.roundRect(340, 120, 120, 100, 14, p.body);
    c.circle(375, 165, 14, hex("#ffeb3b"));
    c.circle(425, 165, 14, hex("#ffeb3b"));
    c.rect(370, 195, 60, 8, p.dark);
    c.line(400, 120, 400, 80, 6, p.trim);
    c.circle(400, 76, 10, p.accent);
    c.roundRect(320, 230, 160, 150, 16, p.body);
    c.rect(345, 255, 110, 60, p.trim);
    for (let i = 0; i < 4; i++) c.circle(360 + i * 27, 285, 8, cycle([p.accent, hex("#43a047"), hex("#1e88e5"), hex("#ffeb3b")], i));
    c.roundRect(280, 240, 36, 110, 14, mix(p.body, p.dark, 0.2));
    c.roundRect(484, 240, 36, 110, 14, mix(p.body, p.dark, 0.2));
    c.roundRect(340, 380, 50, 60, 8, p.dark);
    c.roundRect(410, 380, 50, 60, 8, p.dark);
    return c;
  }
  if (form === "car") {
    c.roundRect(180, 300, 440, 100, 30, p.body);
    c.polygon(
      [
        [280, 300],
        [330, 220],
        [480, 220],
        [540, 300],
      ],
      p.body,
    );
    c.polygon(
      [
        [300, 296],
        [340, 234],
        [400, 234],
        [400, 296],
      ],
      hex("#b3e5fc"),
    );
    c.polygon(
      [
        [412, 296],
        [412, 234],
        [470, 234],
        [515, 296],
      ],
      hex("#b3e5fc"),
    );
    c.rect(190, 340, 430, 10, p.trim);
    for (const x of [270, 530]) {
      c.circle(x, 405, 46, p.dark);
      c.circle(x, 405, 20, p.trim);
    }
    c.circle(605, 335, 12, hex("#fff59d"));
    return c;
  }
  c.roundRect(260, 200, 280, 220, 20, p.body);
  c.roundRect(300, 140, 200, 80, 30, p.trim);
  c.rect(370, 160, 60, 10, p.dark);
  c.circle(400, 300, 60, p.light);
  c.circle(400, 300, 40, p.accent);
  c.roundRect(540, 280, 50, 26, 8, p.trim);
  return c;
}
