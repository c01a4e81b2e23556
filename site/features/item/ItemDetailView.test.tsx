import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import { BACK_LINK_SCRIPT } from "./item-route";
import { testItem } from "../../test/fixtures";
import ItemDetailView from "./ItemDetailView";

const item = testItem({
  id: "abc",
  category: "slots",
  title: "Mills Castle Front",
  year: 1933,
  manufacturer: "Mills",
  description: "Restored.",
  price: 4250,
  mainImageUrl: null,
});

describe("item detail Back link", () => {
  it("prerendered: the inline script follows the link at once, verbatim (the text a CSP hash is taken of)", () => {
    const html = renderToString(
      <ItemDetailView
        item={item}
        sourcePage="gallery"
        format={DEFAULT_PRICE_FORMAT}
        backHref="/gallery/slots?page=1"
        gallery={null}
        prerendered
      />,
    );
    const link = html.match(/<a [^>]*data-back-link[^>]*>.*?<\/a>/)?.[0] ?? "";
    expect(link).toContain('href="/gallery/slots?page=1"');
    expect(link).toContain('data-source="gallery"');
    expect(link).toContain('data-category="slots"');
    expect(html).toContain(`${link}<script>${BACK_LINK_SCRIPT}</script>`);
  });

  it("rendered in the browser (the 404 page's fallback): no script, the href already from the address", () => {
    const html = renderToString(
      <ItemDetailView item={item} sourcePage="for-sale" format={DEFAULT_PRICE_FORMAT} backHref="/gallery/slots?page=4" gallery={null} />,
    );
    expect(html).toContain('href="/gallery/slots?page=4"');
    expect(html).not.toContain("<script");
  });
});
