import { describe, expect, it } from "vitest";
import { attribute, elements, htmlText, parseHtml, setAttribute, toHtml, unwrap } from "./html";

describe("htmlText", () => {
  it("decodes every entity once and drops tags, comments and scripts", () => {
    expect(htmlText("Fish &amp;amp; chips &lt;b&gt; &quot;x&quot; &#39;y&#39; &eacute;&nbsp;&#x1F3B0;")).toBe(
      "Fish &amp; chips <b> \"x\" 'y' é 🎰",
    );
    expect(htmlText("<strong>Bold</strong><!-- note --><script>alert(1)</script><style>p{}</style> end")).toBe("Bold end");
  });

  it("reads hostile markup as a browser does: a '>' inside an attribute does not end the tag", () => {
    expect(htmlText('<img alt="a > b" src=x onerror="alert(1)">Shop')).toBe("Shop");
    expect(htmlText('<a title="<b>fake</b>">Real</a>')).toBe("Real");
    expect(htmlText("Unclosed <em>emphasis")).toBe("Unclosed emphasis");
  });

  it("keeps block elements' texts apart and collapses whitespace", () => {
    expect(htmlText("<p>First.</p><p>Second<br>line</p>\n\n<ul><li>a</li><li>b</li></ul>")).toBe("First. Second line a b");
  });
});

describe("editing a fragment", () => {
  it("reads decoded attributes and serialises set values escaped once", () => {
    const fragment = parseHtml('<img src="/media/a.png?x=1&amp;y=2" alt="Tom &amp; Jerry">');
    const img = elements(fragment, "img")[0]!;
    expect(attribute(img, "src")).toBe("/media/a.png?x=1&y=2");
    setAttribute(img, "title", `"quoted" & <tag>`);
    expect(toHtml(fragment)).toBe(
      '<img src="/media/a.png?x=1&amp;y=2" alt="Tom &amp; Jerry" title="&quot;quoted&quot; &amp; &lt;tag&gt;">',
    );
  });

  it("unwraps an element in place, keeping its children in order", () => {
    const fragment = parseHtml('<p>a <a href="/x">b <em>c</em></a> d</p>');
    unwrap(elements(fragment, "a")[0]!);
    expect(toHtml(fragment)).toBe("<p>a b <em>c</em> d</p>");
  });
});
