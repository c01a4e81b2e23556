import { renderToString } from "react-dom/server";
import { DEFAULT_PRICE_FORMAT as USD } from "#contract/price-format";
import { describe, expect, it } from "vitest";
import { testItem } from "../../test/fixtures";
import ItemCard from "../listing/ItemCard";
import Snippet from "./Snippet";

describe("search snippet", () => {
  it("marks matched segments and escapes every segment's text", () => {
    const html = renderToString(
      <Snippet
        segments={[
          { text: "a <img src=x onerror=alert(1)> ", match: false },
          { text: "Castle", match: true },
          { text: " & more", match: false },
        ]}
      />,
    );
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<mark[^>]*>Castle<\/mark>/);
    expect(html).toContain(" &amp; more");
  });

  it("renders nothing for no segments", () => {
    expect(renderToString(<Snippet segments={[]} />)).toBe("");
  });

  it("takes the description's place on a card that links where the search says", () => {
    const item = testItem({
      id: "abc",
      category: "slots",
      title: "Mills Castle Front",
      description: "Never shown.",
      mainImageUrl: null,
    });
    const html = renderToString(
      <ItemCard
        format={USD}
        item={item}
        sourcePage="gallery"
        page={1}
        showPrice={false}
        eager
        href="/gallery/slots/abc"
        excerpt={<Snippet segments={[{ text: "Castle", match: true }]} />}
      />,
    );
    expect(html).toContain('href="/gallery/slots/abc"');
    expect(html).not.toContain("?page=");
    expect(html).not.toContain("Never shown.");
    expect(html).toContain("<mark");
  });
});
