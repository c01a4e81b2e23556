import { describe, expect, it } from "vitest";
import { isBlank, richTextHtml } from "./rich-text";

describe("rich text", () => {
  it("is blank when empty or whitespace only", () => {
    expect(isBlank([])).toBe(true);
    expect(isBlank([{ plain_text: "  \n " }])).toBe(true);
    expect(isBlank(null, " ")).toBe(true);
    expect(isBlank([], "text")).toBe(false);
  });

  it("renders annotations and safe links, escaping text", () => {
    expect(richTextHtml([{ plain_text: "a<b", annotations: { bold: true } }, { plain_text: "x", href: "https://e.test" }])).toBe(
      '<strong>a&lt;b</strong><a href="https://e.test">x</a>',
    );
    expect(richTextHtml([{ plain_text: "x", href: "javascript:alert(1)" }])).toBe("x");
  });
});
