import { describe, expect, it } from "vitest";
import { bool, firstUrl, list, num, richText, text } from "./values";

describe("column values", () => {
  it("reads text, treating blank as null and numbers as text", () => {
    expect([text("a"), text("  "), text(null), text(undefined), text(5)]).toEqual(["a", null, null, null, "5"]);
  });

  it("reads numbers from REAL or numeric text", () => {
    expect([num(1931), num("45.5"), num("n/a"), num(""), num(null)]).toEqual([1931, 45.5, null, null, null]);
  });

  it("reads checkboxes stored as 0/1", () => {
    expect([bool(1), bool(0), bool(null), bool("1")]).toEqual([true, false, false, true]);
  });

  it("parses JSON list columns and wraps a plain value", () => {
    expect(list('["a","b"]')).toEqual(["a", "b"]);
    expect(list("https://x/y.png")).toEqual(["https://x/y.png"]);
    expect(list(null)).toEqual([]);
    expect(list("[not json")).toEqual(["[not json"]);
    expect(firstUrl('["/media/notion/1/a.jpg","/media/notion/2/b.jpg"]')).toBe("/media/notion/1/a.jpg");
    expect(firstUrl("[]")).toBeNull();
  });

  it("builds one unannotated rich text piece from text", () => {
    expect(richText(null)).toEqual([]);
    expect(richText("Hi")).toEqual([
      {
        type: "text",
        plain_text: "Hi",
        href: null,
        annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
      },
    ]);
  });
});
