import { describe, expect, it } from "vitest";
import { storedRichText, type NotionRichTextPiece } from "../sync/mapping/rich-text";
import { richPieces } from "./rich-text";

const ann = (a: Partial<Record<"bold" | "italic" | "strikethrough" | "underline" | "code", boolean>> & { color?: string } = {}) => ({
  bold: false,
  italic: false,
  strikethrough: false,
  underline: false,
  code: false,
  color: "default",
  ...a,
});
/** A text piece as Notion's API returns it. */
const notion = (content: string, a: Parameters<typeof ann>[0] = {}, url: string | null = null): NotionRichTextPiece =>
  ({
    type: "text",
    text: { content, link: url ? { url } : null },
    annotations: ann(a),
    plain_text: content,
    href: url,
  }) as NotionRichTextPiece;
const roundTrip = (pieces: NotionRichTextPiece[]) => richPieces(storedRichText(pieces), pieces.map((p) => p.plain_text).join(""));

describe("rich text from Notion to the stored JSON to the API", () => {
  it("stores Notion's text, annotations and href of each piece, and nothing for no text", () => {
    const stored = storedRichText([notion("Now "), notion("for sale", { bold: true, color: "red" }, "/for-sale")]);
    expect(JSON.parse(stored!)).toEqual([
      { text: { content: "Now ", link: null }, annotations: ann(), href: null },
      { text: { content: "for sale", link: { url: "/for-sale" } }, annotations: ann({ bold: true, color: "red" }), href: "/for-sale" },
    ]);
    expect(storedRichText([])).toBeNull();
    expect(storedRichText(undefined)).toBeNull();
    expect(storedRichText([notion("")])).toBeNull();
  });

  it("keeps a mention's plain text as its text", () => {
    const mention = {
      type: "mention",
      mention: { type: "page", page: { id: "p" } },
      annotations: ann({ italic: true }),
      plain_text: "Workshop",
      href: "https://www.notion.so/p",
    };
    expect(JSON.parse(storedRichText([mention as NotionRichTextPiece])!)).toEqual([
      { text: { content: "Workshop", link: null }, annotations: ann({ italic: true }), href: "https://www.notion.so/p" },
    ]);
  });

  it("hands out every piece with plain_text, all annotations (colour included) and its link", () => {
    expect(
      roundTrip([
        notion("Restored "),
        notion("1933", { bold: true }),
        notion(" "),
        notion("Mills", { italic: true, underline: true, color: "blue_background" }),
        notion(" gone", { strikethrough: true }),
        notion(" x", { code: true }),
        notion(" see", {}, "https://example.com/a"),
      ]),
    ).toEqual([
      { type: "text", plain_text: "Restored ", href: null, annotations: ann() },
      { type: "text", plain_text: "1933", href: null, annotations: ann({ bold: true }) },
      { type: "text", plain_text: " ", href: null, annotations: ann() },
      { type: "text", plain_text: "Mills", href: null, annotations: ann({ italic: true, underline: true, color: "blue_background" }) },
      { type: "text", plain_text: " gone", href: null, annotations: ann({ strikethrough: true }) },
      { type: "text", plain_text: " x", href: null, annotations: ann({ code: true }) },
      { type: "text", plain_text: " see", href: "https://example.com/a", annotations: ann() },
    ]);
  });

  it("keeps links with the Markdown allow-list (http, https, irc, ircs, mailto, xmpp, relative)", () => {
    const urls = [
      "http://a.example/",
      "https://a.example/",
      "irc://irc.example/chan",
      "ircs://irc.example/chan",
      "mailto:a@b.example",
      "xmpp:shop@b.example",
      "/for-sale",
      "gallery/slots",
      "#top",
    ];
    expect(roundTrip(urls.map((u) => notion("x", {}, u))).map((p) => p.href)).toEqual(urls);
  });

  it("drops hostile links but keeps their text", () => {
    const hostile = [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
    ];
    const pieces = roundTrip(hostile.map((u, i) => notion(`t${i}`, { bold: true }, u)));
    expect(pieces.map((p) => [p.plain_text, p.href, p.annotations.bold])).toEqual(hostile.map((_, i) => [`t${i}`, null, true]));
  });

  it("reads an unknown colour as default", () => {
    expect(roundTrip([notion("x", { color: "rainbow" })])[0]!.annotations.color).toBe("default");
  });

  it("falls back to the plain text as one piece when the column is missing, NULL, malformed or hostile", () => {
    const plain = [{ type: "text", plain_text: "Plain", href: null, annotations: ann() }];
    for (const stored of [
      null,
      undefined,
      42,
      "",
      "not json",
      "{}",
      "[]",
      '[{"text":"x"}]',
      '[{"__proto__":{"polluted":true}}]',
      '[{"text":{"content":1}}]',
      '[{"text":{"content":"x"},"annotations":{"bold":"yes"}}]',
      '[{"text":{"content":"x"},"href":{"evil":1}}]',
    ]) {
      expect(richPieces(stored, "Plain"), String(stored)).toEqual(plain);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(richPieces('[{"text":{"content":"x"}}]', null)).toEqual([]);
  });
});
