import { describe, expect, it } from "vitest";
import { nocaseOrder } from "./filter-options";

describe("nocaseOrder", () => {
  it("orders as SQLite's COLLATE NOCASE: ASCII letters folded, everything else by code point", () => {
    expect(nocaseOrder(["mills", "Caille", "Jennings", "10¢", "1¢", "Ébène", "zeta", "Äpfel", "25¢"])).toEqual([
      "10¢",
      "1¢",
      "25¢",
      "Caille",
      "Jennings",
      "mills",
      "zeta",
      "Äpfel",
      "Ébène",
    ]);
  });

  it("puts values equal but for ASCII case in code point order, and an astral character after every BMP one", () => {
    expect(nocaseOrder(["mills", "Mills", "MILLS"])).toEqual(["MILLS", "Mills", "mills"]);
    expect(nocaseOrder(["\u{1F3B0} Bell", "\uFF21 Bell"])).toEqual(["\uFF21 Bell", "\u{1F3B0} Bell"]);
  });
});
