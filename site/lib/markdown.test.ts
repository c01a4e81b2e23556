import { describe, expect, it } from "vitest";
import { markdownToHtml } from "./build/markdown";
import { isSafeUrl } from "#contract/safe-url";

describe("Markdown sanitising", () => {
  it("renders ordinary Markdown", () => {
    const html = markdownToHtml("# Title\n\nSome **bold** text and [a link](https://example.com).");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com">a link</a>');
  });

  it("keeps the allowed protocols and relative links", () => {
    for (const href of [
      "http://a.test/",
      "https://a.test/",
      "irc://irc.test/x",
      "ircs://irc.test/x",
      "mailto:me@a.test",
      "xmpp:me@a.test",
      "/gallery/slots",
      "../x",
      "#top",
      "page?x=1",
    ]) {
      expect(markdownToHtml(`[x](${href})`)).toContain(`href="${href.replace("&", "&amp;")}"`);
    }
  });

  it("drops javascript:, vbscript: and data: links, also disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "tel:123",
    ]) {
      const html = markdownToHtml(`[x](${href})`);
      expect(html).not.toMatch(/javascript:|vbscript:|data:|tel:/i);
      expect(html).toContain("<a>x</a>");
    }
    expect(markdownToHtml('<a href="java&#x09;script:alert(1)">x</a>').trim()).toBe("<p><a>x</a></p>");
    expect(markdownToHtml('<a href=" javascript:alert(1)">x</a>').trim()).toBe("<p><a>x</a></p>");
  });

  it("removes scripts, event handlers and data: images", () => {
    const html = markdownToHtml(
      '<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)">\n\n![p](data:image/png;base64,AAAA)\n\n<svg onload="alert(1)"></svg>',
    );
    expect(html).not.toMatch(/<script|onerror|onload|data:/i);
    expect(html).toContain('<img src="x" />');
  });

  it("opens a link in a new tab only apart from the page, and drops a style's text with it", () => {
    expect(markdownToHtml('<a href="https://a.test/" target="_blank">x</a>').trim()).toBe(
      '<p><a href="https://a.test/" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
    expect(markdownToHtml('<a href="/x" target="_blank" rel="opener">x</a>')).toContain('rel="noopener noreferrer"');
    expect(markdownToHtml("<style>body{display:none}</style>\n\nkept")).toBe("<p>kept</p>\n");
  });

  it("starts a post's headings at h2, keeping their relative depth", () => {
    expect(markdownToHtml("# A\n\n### B")).toBe("<h2>A</h2>\n<h4>B</h4>\n");
    expect(markdownToHtml("## A\n\n### B")).toBe("<h2>A</h2>\n<h3>B</h3>\n");
  });

  it("removes inline styles and iframes", () => {
    const html = markdownToHtml('<p style="background:url(javascript:x)">a</p><iframe src="https://evil.test"></iframe>');
    expect(html).toBe("<p>a</p>");
  });
});

describe("isSafeUrl", () => {
  it("accepts relative and allowed-protocol addresses only", () => {
    expect(isSafeUrl("/a")).toBe(true);
    expect(isSafeUrl("a/b:c")).toBe(true);
    expect(isSafeUrl("https://x")).toBe(true);
    expect(isSafeUrl("java\nscript:x")).toBe(false);
    expect(isSafeUrl("ftp://x")).toBe(false);
  });
});
