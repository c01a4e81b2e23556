import { describe, expect, it } from "vitest";
import type { BlockNode } from "../../notion/types";
import { blocksToMarkdown } from "./markdown";

const site = (url: string) => `/media/notion/f1/${url.split("/").pop()!.split("?")[0]}`;
type Ann = { bold?: boolean; italic?: boolean; strikethrough?: boolean; code?: boolean };
const t = (plain_text: string, annotations: Ann = {}, href: string | null = null) => ({ type: "text", plain_text, href, annotations });
let n = 0;
const node = (type: string, content: Record<string, unknown>, children: BlockNode[] = []): BlockNode => ({
  block: { id: `b${++n}`, type, has_children: children.length > 0, [type]: content },
  children,
});
const p = (...rich: ReturnType<typeof t>[]) => node("paragraph", { rich_text: rich });
const md = (...nodes: BlockNode[]) => blocksToMarkdown(nodes, site);

describe("blocksToMarkdown", () => {
  it("gives null for an empty body", () => {
    expect(md()).toBeNull();
    expect(md(p(), p(t("  ")))).toBeNull();
  });

  it("renders paragraphs with annotations and links", () => {
    expect(
      md(
        p(
          t("Restored "),
          t("1930s", { bold: true }),
          t(" Mills "),
          t("slot", { italic: true }),
          t(" machines, "),
          t("gone", { strikethrough: true }),
          t(" with "),
          t("code", { code: true }),
          t(" and "),
          t("a link", {}, "https://example.com/x"),
        ),
      ),
    ).toBe("Restored **1930s** Mills *slot* machines, ~~gone~~ with `code` and [a link](https://example.com/x)");
  });

  it("keeps spaces outside emphasis and merges equally styled pieces", () => {
    expect(md(p(t("a"), t(" bold ", { bold: true }), t("b", { bold: true }), t("c")))).toBe("a **bold b**c");
  });

  it("renders headings, quotes, dividers and separates blocks with blank lines", () => {
    expect(
      md(
        node("heading_1", { rich_text: [t("One")] }),
        node("heading_2", { rich_text: [t("Two")] }),
        node("heading_3", { rich_text: [t("Three")] }),
        node("quote", { rich_text: [t("Said\nso")] }),
        node("divider", {}),
        p(t("end")),
      ),
    ).toBe("# One\n\n## Two\n\n### Three\n\n> Said\\\n> so\n\n---\n\nend");
  });

  it("renders bulleted and numbered lists with nesting", () => {
    const out = md(
      node("bulleted_list_item", { rich_text: [t("Cabinets")] }, [
        node("bulleted_list_item", { rich_text: [t("Oak")] }),
        node("bulleted_list_item", { rich_text: [t("Walnut")] }, [
          node("numbered_list_item", { rich_text: [t("Strip")] }),
          node("numbered_list_item", { rich_text: [t("Oil")] }),
        ]),
      ]),
      node("bulleted_list_item", { rich_text: [t("Mechanisms")] }),
      p(t("Steps:")),
      node("numbered_list_item", { rich_text: [t("Clean")] }),
      node("numbered_list_item", { rich_text: [t("Repair")] }, [p(t("carefully"))]),
      node("to_do", { rich_text: [t("Ship")], checked: true }),
    );
    expect(out).toBe(
      [
        "- Cabinets",
        "  - Oak",
        "  - Walnut",
        "    1. Strip",
        "    2. Oil",
        "- Mechanisms",
        "",
        "Steps:",
        "",
        "1. Clean",
        "2. Repair",
        "",
        "   carefully",
        "",
        "- [x] Ship",
      ].join("\n"),
    );
  });

  it("renders code blocks with their language and a fence longer than any inside", () => {
    expect(md(node("code", { rich_text: [t("const a = 1;\n```\n")], language: "javascript" }))).toBe(
      "````javascript\nconst a = 1;\n```\n\n````",
    );
    expect(md(node("code", { rich_text: [t("plain")], language: "plain text" }))).toBe("```\nplain\n```");
    expect(md(node("code", { rich_text: [t("x")], language: "c++\n```evil" }))).toBe("```c++evil\nx\n```");
  });

  it("renders images: Notion-hosted through the site URL, external unchanged, with escaped captions", () => {
    expect(
      md(node("image", { type: "file", file: { url: "https://files.example/ws/f1/pic.png?X-Amz=1" }, caption: [t("Front [view]")] })),
    ).toBe("![Front \\[view\\]](/media/notion/f1/pic.png)");
    expect(md(node("image", { type: "external", external: { url: "https://img.example.com/a b.jpg" }, caption: [] }))).toBe(
      "![](https://img.example.com/a%20b.jpg)",
    );
  });

  it("skips unsupported blocks", () => {
    expect(
      md(p(t("a")), node("table", { table_width: 2 }), node("child_page", { title: "x" }), node("embed", { url: "https://x" }), p(t("b"))),
    ).toBe("a\n\nb");
  });

  it("escapes hostile text so it stays text", () => {
    const out = md(
      p(t("<script>alert(1)</script> **not bold** [x](javascript:alert(1)) # not a heading")),
      p(t("# also not")),
      p(t("- not a list\n1. nor this\n===")),
    );
    expect(out).toBe(
      "\\<script\\>alert\\(1\\)\\</script\\> \\*\\*not bold\\*\\* \\[x\\]\\(javascript:alert\\(1\\)\\) \\# not a heading\n\n\\# also not\n\n\\- not a list\\\n1\\. nor this\\\n\\===",
    );
  });

  it("drops links with unsafe schemes but keeps their text", () => {
    expect(
      md(p(t("click", {}, "javascript:alert(1)"), t(" "), t("mail", {}, "mailto:a@b.c"), t(" "), t("rel", {}, "/collection/slots"))),
    ).toBe("click [mail](mailto:a@b.c) [rel](/collection/slots)");
  });

  it("keeps links with every protocol the site allows in Markdown (irc, ircs and xmpp too) and relative ones", () => {
    const links = [
      ["web", "https://example.com/a"],
      ["plain", "http://example.com/"],
      ["chat", "irc://irc.example.net/coinop"],
      ["secure", "ircs://irc.example.net/coinop"],
      ["jabber", "xmpp:shop@example.net"],
      ["mail", "mailto:a@b.c"],
      ["sale", "/for-sale"],
      ["here", "#top"],
    ];
    expect(md(p(...links.flatMap(([text, url]) => [t(text!, {}, url), t(" ")])))).toBe(
      links.map(([text, url]) => `[${text}](${url})`).join(" "),
    );
  });

  it("drops data:, vbscript: and protocol-relative links, and encodes an entity that could spell a scheme", () => {
    expect(
      md(
        p(
          t("a", {}, "data:text/html,x"),
          t(" "),
          t("b", {}, "VBScript:x"),
          t(" "),
          t("c", {}, "//evil.example/x"),
          t(" "),
          t("d", {}, "javascript&#58;alert(1)"),
          t(" "),
          t("e", {}, "/s?a=1&b=2"),
        ),
      ),
    ).toBe("a b c [d](javascript%26#58;alert%281%29) [e](/s?a=1&b=2)");
  });

  it("renders toggles and callouts with their children", () => {
    expect(
      md(node("toggle", { rich_text: [t("More")] }, [p(t("hidden"))]), node("callout", { rich_text: [t("Note")] }, [p(t("inside"))])),
    ).toBe("More\n\nhidden\n\n> Note\n>\n> inside");
  });

  it("names each block type it leaves out, nested ones too, and none it renders", () => {
    const dropped: string[] = [];
    const body = blocksToMarkdown(
      [
        p(t("Intro")),
        node("embed", { url: "https://x.example" }),
        node("toggle", { rich_text: [t("More")] }, [node("table", { table_width: 2 }), p(t("Inside"))]),
        node("divider", {}),
        node("child_database", { title: "Parts" }),
      ],
      site,
      (type) => dropped.push(type),
    );
    expect(body).toBe("Intro\n\nMore\n\nInside\n\n---");
    expect(dropped).toEqual(["embed", "table", "child_database"]);
  });

  it("does not count an empty paragraph or an image without a usable URL as left out", () => {
    const dropped: string[] = [];
    blocksToMarkdown([p(), node("image", { type: "external", external: { url: "javascript:alert(1)" } })], site, (type) =>
      dropped.push(type),
    );
    expect(dropped).toEqual([]);
  });
});
