import { hex, type Rgb } from "../canvas.ts";

/** Colours of one illustration. */
export type Palette = { wall: Rgb; floor: Rgb; body: Rgb; trim: Rgb; accent: Rgb; dark: Rgb; light: Rgb };

/** Named palettes; illustrations of the same machine differ by palette. */
export const PALETTES: Record<string, Palette> = {
  oak: { wall: hex("#e9dcc3"), floor: hex("#8a6a4a"), body: hex("#7a4a26"), trim: hex("#c9a449"), accent: hex("#b3261e"), dark: hex("#2b1d14"), light: hex("#f7f0e1") },
  cherry: { wall: hex("#dfe7e3"), floor: hex("#6b5643"), body: hex("#9b2d20"), trim: hex("#d8b25a"), accent: hex("#1f5f8b"), dark: hex("#231815"), light: hex("#fbf6ea") },
  chrome: { wall: hex("#d7dee8"), floor: hex("#4b4f57"), body: hex("#8d99a6"), trim: hex("#e7e9ec"), accent: hex("#c0392b"), dark: hex("#1c2027"), light: hex("#ffffff") },
  green: { wall: hex("#efe6cf"), floor: hex("#75614b"), body: hex("#2f6b45"), trim: hex("#d9b84f"), accent: hex("#c8441f"), dark: hex("#1b241e"), light: hex("#faf5e4") },
  cream: { wall: hex("#c9d6df"), floor: hex("#5e4b3b"), body: hex("#e8dcc0"), trim: hex("#a4322a"), accent: hex("#2e5e8e"), dark: hex("#2a2420"), light: hex("#fffaf0") },
  blue: { wall: hex("#f1e7d6"), floor: hex("#6f5a44"), body: hex("#2c4f7c"), trim: hex("#d6b45c"), accent: hex("#d4572a"), dark: hex("#161d29"), light: hex("#f8f3e6") },
  red: { wall: hex("#e6e1d6"), floor: hex("#54463a"), body: hex("#c0281e"), trim: hex("#f2f2f2"), accent: hex("#1c1c1c"), dark: hex("#201a18"), light: hex("#ffffff") },
  black: { wall: hex("#e3d5bd"), floor: hex("#6e5740"), body: hex("#2a2a2e"), trim: hex("#caa24c"), accent: hex("#b0302a"), dark: hex("#0e0e10"), light: hex("#f4ecd8") },
  walnut: { wall: hex("#e4e9df"), floor: hex("#7a5c3e"), body: hex("#5a3a22"), trim: hex("#d1b06b"), accent: hex("#2f6b45"), dark: hex("#1e140c"), light: hex("#f6efe0") },
  teal: { wall: hex("#f0e4d2"), floor: hex("#6a5440"), body: hex("#1f6f6b"), trim: hex("#e0c068"), accent: hex("#c0392b"), dark: hex("#12201f"), light: hex("#f7f4ea") },
  mustard: { wall: hex("#dde3ea"), floor: hex("#5a4a3c"), body: hex("#c99a2e"), trim: hex("#6b2a1e"), accent: hex("#1f4e79"), dark: hex("#2a1e12"), light: hex("#fff8e6") },
  maroon: { wall: hex("#ece3d3"), floor: hex("#665040"), body: hex("#6d1f2b"), trim: hex("#d9c27a"), accent: hex("#2b6aa0"), dark: hex("#1d0f12"), light: hex("#faf3e3") },
  orange: { wall: hex("#e3e8ec"), floor: hex("#594839"), body: hex("#d0631f"), trim: hex("#f1e4c2"), accent: hex("#243b55"), dark: hex("#23170f"), light: hex("#fffaf0") },
};
