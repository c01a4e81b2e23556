/** An RGB colour. */
export type Rgb = [number, number, number];

/** A minimal raster canvas (RGB, no alpha) with flat-colour shape fills; `blend` mixes a colour over what is there. */
export class Canvas {
  width: number;
  height: number;
  data: Uint8Array;
  constructor(width: number, height: number, background: Rgb) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  /** Sets one pixel, optionally mixing with opacity `alpha`. */
  set(x: number, y: number, c: Rgb, alpha = 1) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    c.forEach((channel, k) => (this.data[i + k] = Math.round((this.data[i + k] ?? 0) * (1 - alpha) + channel * alpha)));
  }

  /** Fills an axis-aligned rectangle. */
  rect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1) {
    for (let yy = Math.max(0, Math.round(y)); yy < Math.min(this.height, Math.round(y + h)); yy++) {
      for (let xx = Math.max(0, Math.round(x)); xx < Math.min(this.width, Math.round(x + w)); xx++) this.set(xx, yy, c, alpha);
    }
  }

  /** Fills a rectangle with rounded corners of radius `r`. */
  roundRect(x: number, y: number, w: number, h: number, r: number, c: Rgb, alpha = 1) {
    this.fill(x, y, w, h, c, alpha, (px, py) => {
      const dx = Math.max(x + r - px, 0, px - (x + w - r));
      const dy = Math.max(y + r - py, 0, py - (y + h - r));
      return dx * dx + dy * dy <= r * r;
    });
  }

  /** Fills an ellipse centred on (cx, cy). */
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, alpha = 1) {
    this.fill(cx - rx, cy - ry, 2 * rx, 2 * ry, c, alpha, (px, py) => ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1);
  }

  /** Fills a circle. */
  circle(cx: number, cy: number, r: number, c: Rgb, alpha = 1) {
    this.ellipse(cx, cy, r, r, c, alpha);
  }

  /** Fills a polygon given as [x, y] points (even-odd rule). */
  polygon(points: [number, number][], c: Rgb, alpha = 1) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    this.fill(minX, minY, Math.max(...xs) - minX, Math.max(...ys) - minY, c, alpha, (px, py) => {
      let inside = false;
      // Each edge: from the point before (the last one for the first) to this one.
      let [xj, yj] = points.at(-1) ?? [0, 0];
      for (const [xi, yi] of points) {
        if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        [xj, yj] = [xi, yi];
      }
      return inside;
    });
  }

  /** Draws a thick straight line as a polygon. */
  line(x1: number, y1: number, x2: number, y2: number, width: number, c: Rgb, alpha = 1) {
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = (-(y2 - y1) / len) * (width / 2);
    const ny = ((x2 - x1) / len) * (width / 2);
    this.polygon(
      [
        [x1 + nx, y1 + ny],
        [x2 + nx, y2 + ny],
        [x2 - nx, y2 - ny],
        [x1 - nx, y1 - ny],
      ],
      c,
      alpha,
    );
  }

  /** Vertical gradient between two colours over a rectangle. */
  gradient(x: number, y: number, w: number, h: number, top: Rgb, bottom: Rgb) {
    for (let yy = 0; yy < h; yy++) {
      const t = h > 1 ? yy / (h - 1) : 0;
      this.rect(x, y + yy, w, 1, mix(top, bottom, t));
    }
  }

  private fill(x: number, y: number, w: number, h: number, c: Rgb, alpha: number, inside: (px: number, py: number) => boolean) {
    for (let yy = Math.max(0, Math.floor(y)); yy <= Math.min(this.height - 1, Math.ceil(y + h)); yy++) {
      for (let xx = Math.max(0, Math.floor(x)); xx <= Math.min(this.width - 1, Math.ceil(x + w)); xx++) {
        if (inside(xx + 0.5, yy + 0.5)) this.set(xx, yy, c, alpha);
      }
    }
  }
}

/** Linear mix of two colours (t = 0 gives a, 1 gives b). */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const channel = (from: number, to: number) => Math.round(from + (to - from) * t);
  return [channel(a[0], b[0]), channel(a[1], b[1]), channel(a[2], b[2])];
}

/** The entry at `i` of a list, counting on from its start again past its end (colours in turn, a reel strip). */
export function cycle<T>(list: readonly T[], i: number): T {
  const entry = list[i % list.length];
  if (entry === undefined) throw new Error(`no entry ${i} in a list of ${list.length}`);
  return entry;
}

/** A colour from `#rrggbb`. */
export function hex(s: string): Rgb {
  const n = parseInt(s.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
