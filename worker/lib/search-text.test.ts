import { describe, expect, it } from "vitest";
import { decodeSymbols, encodeSymbols, snippetSegments } from "./search-text";

describe("search text", () => {
  it("encodes code symbols into private-use characters and back", () => {
    const encoded = encodeSymbols("#A-113 5¢ $12.50");
    expect(encoded).not.toMatch(/[#\-¢$.]/);
    expect(decodeSymbols(encoded)).toBe("#A-113 5¢ $12.50");
  });

  it("splits a marked snippet into plain and matched segments, decoding symbols", () => {
    expect(snippetSegments(`…the \ue000Watling\ue001 ${encodeSymbols("5¢")} \ue000Rol\ue001-a-Top`)).toEqual([
      { text: "…the ", match: false },
      { text: "Watling", match: true },
      { text: " 5¢ ", match: false },
      { text: "Rol", match: true },
      { text: "-a-Top", match: false },
    ]);
    expect(snippetSegments("")).toEqual([]);
  });
});
