import { describe, expect, it } from "vitest";
import { htmlText } from "./html";
import { testBlock } from "../../test/fixtures";
import { bannerFor, headerTitleHtml } from "./shell";

const rich = (text: string) => testBlock({ type: "rich_text", content: text, richText: [{ plain_text: text }] });

describe("banner rule", () => {
  it("shows the construction notice with the default text when the load failed", () => {
    expect(bannerFor(null)).toEqual({
      kind: "notice",
      text: "WEBSITE UNDER CONSTRUCTION — Please excuse our appearance while we restore our online presence",
    });
  });

  it("shows the notice followed by the content when the block is not rich text", () => {
    expect(bannerFor(testBlock({ type: "text", content: "Back soon" }))).toEqual({
      kind: "notice",
      text: "WEBSITE UNDER CONSTRUCTION — Back soon",
    });
    expect(bannerFor(testBlock({ type: "image", imageUrl: "/x.png" }))).toMatchObject({
      text: "WEBSITE UNDER CONSTRUCTION — Please excuse our appearance while we restore our online presence",
    });
  });

  it("shows rich text as itself, and nothing when it is blank", () => {
    expect(bannerFor(rich("Open Saturdays"))).toEqual({ kind: "rich", html: "Open Saturdays" });
    expect(bannerFor(rich("   "))).toBeNull();
  });
});

describe("banner with formatting", () => {
  it("shows Notion's bold words and links, and a javascript: link as text", () => {
    const block = testBlock({
      type: "rich_text",
      content: "See machines for sale now",
      richText: [
        { plain_text: "See " },
        { plain_text: "machines for sale", href: "/for-sale", annotations: { bold: true } },
        { plain_text: " now", href: "javascript:alert(1)" },
      ],
    });
    expect(bannerFor(block)).toEqual({ kind: "rich", html: 'See <a href="/for-sale"><strong>machines for sale</strong></a> now' });
  });
});

describe("header title", () => {
  it("renders the Markdown as inline HTML without a wrapping paragraph", () => {
    expect(headerTitleHtml("**Antique Coin-Op** _Restorations_")).toBe("<strong>Antique Coin-Op</strong> <em>Restorations</em>");
  });

  it("drops hostile markup", () => {
    expect(headerTitleHtml("Shop <img src=x onerror=alert(1)>[x](javascript:alert(2))")).not.toMatch(/onerror|javascript:/);
  });
});

describe("header title text", () => {
  const title = `Vintage Slot Machines & Arcade Collectibles <1950 "Bob's" 🎰`;

  it("escapes the title's characters exactly once in its HTML", () => {
    expect(headerTitleHtml(title)).toBe('Vintage Slot Machines &amp; Arcade Collectibles &lt;1950 "Bob\'s" 🎰');
  });

  it("derives the plain text through the parser: entities decoded, tags dropped, nothing escaped", () => {
    expect(htmlText(headerTitleHtml(title))).toBe(title);
    expect(htmlText(headerTitleHtml("**Jennings &amp; Co.** _Restorations_"))).toBe("Jennings & Co. Restorations");
  });

  it("keeps a link's text but not the link (the title sits inside the header's home link)", () => {
    expect(headerTitleHtml("[Mills & Sons](https://example.com/a?b=1&c=2) Novelty")).toBe("Mills &amp; Sons Novelty");
  });

  it("unwraps only a sole paragraph", () => {
    expect(headerTitleHtml("<p>One</p><p>Two</p>")).toBe("<p>One</p><p>Two</p>");
  });
});
