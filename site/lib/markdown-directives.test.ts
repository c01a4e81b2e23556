import { describe, expect, it } from "vitest";
import { markdownToHtml } from "./build/markdown";

/** Rendered and sanitised, as the build does it, with the newlines between elements dropped for comparison. */
const html = (markdown: string) => markdownToHtml(markdown).replace(/>\n+</g, "><").trim();

describe("Notion blocks in page bodies", () => {
  it("renders a toggle as <details> with its summary's formatting and its blocks inside, headings shifted like any other", () => {
    expect(html(":::toggle Restoration **notes**\n\n# Cabinet\n\nStripped and refinished.\n\n:::")).toBe(
      '<details class="toggle"><summary>Restoration <strong>notes</strong></summary><h2>Cabinet</h2><p>Stripped and refinished.</p></details>',
    );
  });

  it("renders a callout with its colour's class and its emoji, and leaves an unknown colour plain", () => {
    expect(html(":::callout yellow_background 💡\n\nShips **insured**.\n\n:::")).toBe(
      '<div class="callout rt-bg-yellow" role="note"><span class="callout-icon" aria-hidden="true">💡</span><div class="callout-body"><p>Ships <strong>insured</strong>.</p></div></div>',
    );
    expect(html(":::callout neon <b>x</b>\n\nText\n\n:::")).toBe(
      '<div class="callout" role="note"><span class="callout-icon" aria-hidden="true">&lt;b&gt;x&lt;/b&gt;</span><div class="callout-body"><p>Text</p></div></div>',
    );
  });

  it("renders column lists as columns, containers nested by their fence length", () => {
    const markdown = "::::columns\n\n:::column\n\nLeft\n\n:::\n\n:::column\n\n- a\n- b\n\n:::\n\n::::";
    expect(html(markdown)).toBe(
      '<div class="columns"><div class="column"><p>Left</p></div><div class="column"><ul><li>a</li><li>b</li></ul></div></div>',
    );
  });

  it("renders tables in a sideways-scrolling frame: a header row when there is one, header cells for a header column", () => {
    expect(html("| Model | Year |\n| --- | --- |\n| Castle \\| Front | **1933** |")).toBe(
      '<div class="table-scroll"><table><thead><tr><th>Model</th><th>Year</th></tr></thead><tbody><tr><td>Castle | Front</td><td><strong>1933</strong></td></tr></tbody></table></div>',
    );
    expect(html(":::table row-headers\n\n|  |  |\n| --- | --- |\n| Denomination | 5¢ |\n| Serial<br>number | 312487 |\n\n:::")).toBe(
      '<div class="table-scroll"><table><tbody><tr><th>Denomination</th><td>5¢</td></tr><tr><th>Serial<br />number</th><td>312487</td></tr></tbody></table></div>',
    );
  });

  it("shows an image's caption under it", () => {
    expect(html('![Front view](/media/notion/f1/front.png "Front view, 1933")')).toBe(
      '<figure class="captioned"><img src="/media/notion/f1/front.png" alt="Front view" title="Front view, 1933" /><figcaption>Front view, 1933</figcaption></figure>',
    );
    expect(html("![](/media/notion/f1/front.png)")).toBe('<p><img src="/media/notion/f1/front.png" alt="" /></p>');
  });

  it("renders a bookmark as a link card with its caption", () => {
    expect(html("::bookmark https://www.coin-op.example/history?a=1&b=2 A *history* of slots")).toBe(
      '<figure class="bookmark"><a class="bookmark-card" href="https://www.coin-op.example/history?a=1&amp;b=2"><span class="bookmark-host">www.coin-op.example</span><span class="bookmark-url">https://www.coin-op.example/history?a=1&amp;b=2</span></a><figcaption>A <em>history</em> of slots</figcaption></figure>',
    );
  });

  it("renders YouTube and Vimeo videos as a play link to the video, the player's data checked; never a frame", () => {
    const youtube = html("::video https://youtu.be/dQw4w9WgXcQ Restoring a **Mills**");
    expect(youtube).toBe(
      '<figure class="video"><a class="video-facade" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-video-provider="youtube" data-video-id="dQw4w9WgXcQ">' +
        '<span class="video-play" aria-hidden="true"></span><span class="video-label">Play video · YouTube</span><span class="sr-only">: Restoring a Mills.</span>' +
        '<span class="video-note">The player loads from YouTube when you press play.</span></a>' +
        "<figcaption>Restoring a <strong>Mills</strong></figcaption></figure>",
    );
    const vimeo = html("::embed https://vimeo.com/76979871/8b1e2c3d4f");
    expect(vimeo).toContain(
      'href="https://vimeo.com/76979871/8b1e2c3d4f" data-video-provider="vimeo" data-video-id="76979871" data-video-hash="8b1e2c3d4f"',
    );
    expect(vimeo).not.toContain("<figcaption>");
    for (const out of [youtube, vimeo]) expect(out).not.toMatch(/<iframe|<script|youtube-nocookie|player\.vimeo/);
  });

  it("turns any other embed or video into a link card, and a hostile link into text", () => {
    expect(html("::embed https://maps.example/shop")).toBe(
      '<figure class="bookmark"><a class="bookmark-card" href="https://maps.example/shop"><span class="bookmark-host">maps.example</span><span class="bookmark-url">https://maps.example/shop</span></a></figure>',
    );
    expect(html("::video https://videos.example/restoration.mp4")).toContain(
      '<a class="bookmark-card" href="https://videos.example/restoration.mp4">',
    );
    expect(html("::embed javascript:alert(1) x")).toBe("<p>::embed javascript:alert(1) x</p>");
    expect(html("::bookmark //evil.example/x")).toBe("<p>::bookmark //evil.example/x</p>");
  });

  it("keeps escaped colons, unknown names and unclosed containers as text", () => {
    expect(html("\\:::toggle not a toggle\\\n\\::video https://youtu.be/dQw4w9WgXcQ")).toBe(
      '<p>:::toggle not a toggle<br />::video <a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p>',
    );
    expect(html(":::script\n\nx\n\n:::")).toBe("<p>:::script</p><p>x</p><p>:::</p>");
    expect(html(":::toggle Open\n\nnever closed")).toBe("<p>:::toggle Open</p><p>never closed</p>");
  });

  it("strips player attributes a post's own Markdown gives anything but a YouTube or Vimeo id, and any frame", () => {
    const forged = html(
      '<a class="video-facade" href="https://x.example" data-video-provider="youtube" data-video-id="../../evil">x</a>\n\n<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    );
    expect(forged).toBe('<p><a class="video-facade" href="https://x.example">x</a></p>');
  });
});
