import { describe, expect, it } from "vitest";
import { testPiece } from "../test/fixtures";
import { colorClass, isBlank, isFormatted, richTextHtml } from "./rich-text";

describe("rich text", () => {
  it("is blank when empty or whitespace only", () => {
    expect(isBlank([])).toBe(true);
    expect(isBlank([testPiece({ plain_text: "  \n " })])).toBe(true);
    expect(isBlank(null, " ")).toBe(true);
    expect(isBlank([], "text")).toBe(false);
  });

  it("renders annotations and safe links, escaping text", () => {
    expect(
      richTextHtml([testPiece({ plain_text: "a<b", annotations: { bold: true } }), testPiece({ plain_text: "x", href: "https://e.test" })]),
    ).toBe('<strong>a&lt;b</strong><a href="https://e.test">x</a>');
    expect(richTextHtml([testPiece({ plain_text: "x", href: "javascript:alert(1)" })])).toBe("x");
  });

  it("renders every annotation, Notion's colours and code, innermost first", () => {
    const all = { bold: true, italic: true, strikethrough: true, underline: true, code: true, color: "red" };
    expect(richTextHtml([testPiece({ plain_text: "x", annotations: all })])).toBe(
      '<span class="rt-red"><u><s><em><strong><code class="rt-code">x</code></strong></em></s></u></span>',
    );
    expect(
      richTextHtml([
        testPiece({ plain_text: "hi", annotations: { color: "blue_background" } }),
        testPiece({ plain_text: "!", annotations: { color: "default" } }),
      ]),
    ).toBe('<span class="rt-bg-blue">hi</span>!');
    expect(richTextHtml([testPiece({ plain_text: "a\nb" })])).toBe("a<br>b");
  });

  it("maps Notion colour names to the site's classes, and nothing else", () => {
    expect(["red", "gray_background", "default", "rainbow", "red_foreground", 'red" onmouseover="x', null].map(colorClass)).toEqual([
      "rt-red",
      "rt-bg-gray",
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("links through the Markdown allow-list only; hostile links keep their text", () => {
    const links = [
      "http://a.example/",
      "https://a.example/",
      "irc://i.example/c",
      "ircs://i.example/c",
      "mailto:a@b.example",
      "xmpp:a@b.example",
      "/for-sale",
    ];
    for (const href of links) expect(richTextHtml([testPiece({ plain_text: "x", href })])).toBe(`<a href="${href}">x</a>`);
    for (const href of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:x"]) {
      expect(richTextHtml([testPiece({ plain_text: "x", href, annotations: { bold: true } })])).toBe("<strong>x</strong>");
    }
    expect(richTextHtml([testPiece({ plain_text: "x", href: '/a"><script>' })])).toBe('<a href="/a&quot;&gt;&lt;script&gt;">x</a>');
  });

  it("leaves links out for text inside another link, keeping the formatting", () => {
    expect(richTextHtml([testPiece({ plain_text: "Call", href: "/x", annotations: { bold: true } })], { links: false })).toBe(
      "<strong>Call</strong>",
    );
  });

  it("knows formatted rich text from plain pieces", () => {
    expect(isFormatted([testPiece({ plain_text: "plain", annotations: { bold: false, color: "default" } })])).toBe(false);
    expect(isFormatted([testPiece({ plain_text: "x", href: "javascript:alert(1)" })])).toBe(false);
    expect(isFormatted([testPiece({ plain_text: "x", annotations: { italic: true } })])).toBe(true);
    expect(isFormatted([testPiece({ plain_text: "x", annotations: { color: "red" } })])).toBe(true);
    expect(isFormatted([testPiece({ plain_text: "x", href: "/for-sale" })])).toBe(true);
  });
});
