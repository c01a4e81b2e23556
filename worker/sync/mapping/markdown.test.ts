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

  it("renders images: Notion-hosted through the site URL, external unchanged, the caption as escaped alternative text and as the title shown", () => {
    expect(
      md(
        node("image", {
          type: "file",
          file: { url: "https://files.example/ws/f1/pic.png?X-Amz=1" },
          caption: [t('Front [view] "castle"')],
        }),
      ),
    ).toBe('![Front \\[view\\] "castle"](/media/notion/f1/pic.png "Front [view] \\"castle\\"")');
    expect(md(node("image", { type: "external", external: { url: "https://img.example.com/a b.jpg" }, caption: [] }))).toBe(
      "![](https://img.example.com/a%20b.jpg)",
    );
  });

  it("skips unsupported blocks", () => {
    expect(
      md(
        p(t("a")),
        node("table", { table_width: 2 }),
        node("child_page", { title: "x" }),
        node("embed", { url: "javascript:x" }),
        p(t("b")),
      ),
    ).toBe("a\n\nb");
  });

  it("escapes hostile text so it stays text", () => {
    const out = md(
      p(t("<script>alert(1)</script> **not bold** [x](javascript:alert(1)) # not a heading")),
      p(t("# also not")),
      p(t("- not a list\n1. nor this\n===")),
      p(t(":::toggle not a toggle\n::video https://youtu.be/dQw4w9WgXcQ nor a video")),
    );
    expect(out).toBe(
      "\\<script\\>alert\\(1\\)\\</script\\> \\*\\*not bold\\*\\* \\[x\\]\\(javascript:alert\\(1\\)\\) \\# not a heading\n\n\\# also not\n\n\\- not a list\\\n1\\. nor this\\\n\\===\n\n" +
        "\\:::toggle not a toggle\\\n\\::video https://youtu.be/dQw4w9WgXcQ nor a video",
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

  it("renders toggles as toggle containers, their summary on the fence line and their children inside", () => {
    expect(md(node("toggle", { rich_text: [t("More "), t("details", { bold: true }), t("\nhere")] }, [p(t("hidden"))]))).toBe(
      ":::toggle More **details** here\n\nhidden\n\n:::",
    );
    expect(md(node("toggle", { rich_text: [] }, [p(t("untitled"))]))).toBe(":::toggle\n\nuntitled\n\n:::");
    expect(md(node("toggle", { rich_text: [] }))).toBeNull();
  });

  it("renders callouts with their colour and emoji, their text first and their children after", () => {
    expect(
      md(
        node("callout", { rich_text: [t("Note")], color: "yellow_background", icon: { type: "emoji", emoji: "💡" } }, [p(t("inside"))]),
        node("callout", { rich_text: [t("Plain")], color: "default", icon: { type: "external", external: { url: "https://x/i.png" } } }),
        node("callout", { rich_text: [t("Odd")], color: "red; x" }),
      ),
    ).toBe(
      ":::callout yellow_background 💡\n\nNote\n\ninside\n\n:::\n\n:::callout default\n\nPlain\n\n:::\n\n:::callout default\n\nOdd\n\n:::",
    );
  });

  it("renders a column list as columns, and fences each container longer than any inside it", () => {
    const out = md(
      node("column_list", {}, [
        node("column", {}, [p(t("Left")), node("toggle", { rich_text: [t("Open")] }, [p(t("deep"))])]),
        node("column", {}, [p(t("Right"))]),
        node("column", {}, []),
      ]),
    );
    expect(out).toBe(
      [
        ":::::columns",
        "",
        "::::column",
        "",
        "Left",
        "",
        ":::toggle Open",
        "",
        "deep",
        "",
        ":::",
        "",
        "::::",
        "",
        ":::column",
        "",
        "Right",
        "",
        ":::",
        "",
        ":::::",
      ].join("\n"),
    );
    // One column holding something is just its blocks.
    expect(md(node("column_list", {}, [node("column", {}, [p(t("Only"))]), node("column", {}, [])]))).toBe("Only");
  });

  it("renders tables as GFM tables: the header row when Notion has one (else an empty one), a header column in a row-headers container", () => {
    const row = (...cells: ReturnType<typeof t>[][]) => node("table_row", { cells });
    const rows = [row([t("Model")], [t("Year")]), row([t("Castle | Front")], [t("1933", { bold: true })]), row([t("Blue\nFront")], [])];
    expect(md(node("table", { table_width: 2, has_column_header: true, has_row_header: false }, rows))).toBe(
      "| Model | Year |\n| --- | --- |\n| Castle \\| Front | **1933** |\n| Blue<br>Front |  |",
    );
    expect(md(node("table", { table_width: 2, has_column_header: false, has_row_header: true }, rows.slice(0, 1)))).toBe(
      ":::table row-headers\n\n|  |  |\n| --- | --- |\n| Model | Year |\n\n:::",
    );
    expect(md(node("table", { table_width: 1 }, [row([t("a|b", { code: true })])]))).toBe("|  |\n| --- |\n| `a\\|b` |");
    expect(md(node("table", { table_width: 2 }, []))).toBeNull();
  });

  it("renders bookmarks, embeds and linked videos as one-line directives with their caption; drops unsafe and uploaded ones", () => {
    const dropped: string[] = [];
    const out = blocksToMarkdown(
      [
        node("bookmark", {
          url: "https://www.coin-op.example/history",
          caption: [t("A "), t("history", { italic: true }), t("\nof slots")],
        }),
        node("embed", { url: "https://vimeo.com/76979871", caption: [] }),
        node("video", { type: "external", external: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, caption: [t("Restoration")] }),
        node("video", { type: "file", file: { url: "https://files.example/ws/v.mp4" }, caption: [] }),
        node("bookmark", { url: "javascript:alert(1)", caption: [] }),
        node("embed", { url: "https://maps.example/x y", caption: [] }),
      ],
      site,
      (type) => dropped.push(type),
    );
    expect(out).toBe(
      [
        "::bookmark https://www.coin-op.example/history A *history* of slots",
        "::embed https://vimeo.com/76979871",
        "::video https://www.youtube.com/watch?v=dQw4w9WgXcQ Restoration",
        "::embed https://maps.example/x%20y",
      ].join("\n\n"),
    );
    expect(dropped).toEqual(["video"]);
  });

  it("names each block type it leaves out, nested ones too, and none it renders", () => {
    const dropped: string[] = [];
    const body = blocksToMarkdown(
      [
        p(t("Intro")),
        node("pdf", { type: "external", external: { url: "https://x.example/a.pdf" } }),
        node("toggle", { rich_text: [t("More")] }, [node("audio", {}), p(t("Inside"))]),
        node("divider", {}),
        node("child_database", { title: "Parts" }),
      ],
      site,
      (type) => dropped.push(type),
    );
    expect(body).toBe(":::toggle More\n\nInside\n\n:::".replace(/^/, "Intro\n\n") + "\n\n---");
    expect(dropped).toEqual(["pdf", "audio", "child_database"]);
  });

  it("does not count an empty paragraph or an image without a usable URL as left out", () => {
    const dropped: string[] = [];
    blocksToMarkdown([p(), node("image", { type: "external", external: { url: "javascript:alert(1)" } })], site, (type) =>
      dropped.push(type),
    );
    expect(dropped).toEqual([]);
  });
});
