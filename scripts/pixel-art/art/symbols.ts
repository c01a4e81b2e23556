import { type Canvas, hex } from "../canvas.ts";
import { drawTextCentred } from "../font.ts";

/** Reel symbols of a slot or trade stimulator. */
export type ReelSymbol = "cherry" | "bar" | "seven" | "bell" | "plum" | "lemon" | "star";

/** Draws one reel symbol centred in the cell at (x, y) of size w x h. */
export function drawSymbol(c: Canvas, s: ReelSymbol, x: number, y: number, w: number, h: number) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = Math.min(w, h) * 0.2;
  switch (s) {
    case "cherry":
      c.line(cx - r, cy + r * 0.4, cx, cy - r * 1.6, 3, hex("#2f7d32"));
      c.line(cx + r, cy + r * 0.4, cx, cy - r * 1.6, 3, hex("#2f7d32"));
      c.circle(cx - r, cy + r * 0.6, r, hex("#c62828"));
      c.circle(cx + r, cy + r * 0.6, r, hex("#b71c1c"));
      return;
    case "bar":
      c.rect(x + w * 0.12, cy - h * 0.16, w * 0.76, h * 0.32, hex("#1a1a1a"));
      drawTextCentred(c, "BAR", cx, cy - 7, 2, hex("#ffffff"));
      return;
    case "seven":
      drawTextCentred(c, "7", cx, cy - 21, 6, hex("#c62828"));
      return;
    case "bell":
      c.polygon(
        [
          [cx, cy - r * 1.6],
          [cx + r * 1.3, cy + r],
          [cx - r * 1.3, cy + r],
        ],
        hex("#f2b705"),
      );
      c.ellipse(cx, cy - r * 0.4, r * 0.9, r * 1.1, hex("#f2b705"));
      c.circle(cx, cy + r * 1.2, r * 0.35, hex("#a87400"));
      return;
    case "plum":
      c.circle(cx, cy, r * 1.3, hex("#6a1b9a"));
      c.line(cx, cy - r * 1.3, cx + r * 0.6, cy - r * 2, 3, hex("#2f7d32"));
      return;
    case "lemon":
      c.ellipse(cx, cy, r * 1.6, r * 1.1, hex("#f9d71c"));
      return;
    case "star":
      c.polygon(starPoints(cx, cy, r * 1.6, r * 0.7), hex("#e65100"));
      return;
  }
}

/** Points of a five-pointed star. */
export function starPoints(cx: number, cy: number, outer: number, inner: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? outer : inner;
    return [cx + Math.cos(a) * r, cy + Math.sin(a) * r] as [number, number];
  });
}
